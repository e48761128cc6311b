import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';

describe('AppError', () => {
  it('captures no stack for an expected refusal (4xx)', () => {
    const refusal = new AppError(401, 'unauthorized', 'errors.unauthorized');
    expect(refusal.stack).not.toMatch(/\n\s+at /);
    expect(refusal).toMatchObject({ statusCode: 401, code: 'unauthorized', message: 'unauthorized' });
  });

  it('keeps the stack of a server-side failure (5xx) for the log, and leaves the limit as it was', () => {
    const limit = Error.stackTraceLimit;
    new AppError(404, 'not_found', 'errors.not_found');
    expect(Error.stackTraceLimit).toBe(limit);
    const failure = new AppError(503, 'server_busy', 'errors.server_busy');
    expect(failure.stack).toMatch(/\n\s+at /);
  });
});
