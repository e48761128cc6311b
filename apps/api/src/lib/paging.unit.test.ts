import { describe, expect, it } from 'vitest';
import { containsPattern, nextPageUrl } from './paging';

describe('paging helpers', () => {
  it('builds the next page address, or null on the last page', () => {
    expect(nextPageUrl('/api/posts/', { limit: 5, offset: 10, country: undefined }, true)).toBe(
      '/api/posts/?limit=5&offset=10',
    );
    expect(nextPageUrl('/api/posts/', { limit: 5 }, false)).toBeNull();
  });
  it('makes wildcards typed by a member match themselves', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
