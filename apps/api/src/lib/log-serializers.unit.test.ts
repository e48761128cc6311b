import { describe, expect, it } from 'vitest';
import { loggableUrl } from './log-serializers';

describe('loggableUrl', () => {
  it('keeps the path and the parameter names, never the values', () => {
    expect(loggableUrl('/ws/chat/?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln')).toBe(
      '/ws/chat/?token=…',
    );
    expect(loggableUrl('/api/posts/search/?q=Dravet%20syndrome&limit=5')).toBe(
      '/api/posts/search/?q=…&limit=…',
    );
    expect(loggableUrl('/api/posts/')).toBe('/api/posts/');
  });

  it('drops a bare value that could be a token, and an empty query', () => {
    expect(loggableUrl('/reset-confirm?Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5')).toBe(
      '/reset-confirm?…=…',
    );
    expect(loggableUrl('/reset-confirm?a%3Db=1')).toBe('/reset-confirm?…=…');
    expect(loggableUrl('/api/posts/?')).toBe('/api/posts/');
    expect(loggableUrl('/api/posts/?&&')).toBe('/api/posts/');
  });
});
