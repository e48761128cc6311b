import { vi } from 'vitest';

/**
 * Waits for `check` to stop throwing and answers its value: for what happens on its own time
 * (a job of the queue, a push, a sweep). Vitest's `vi.waitFor`, with the pace these tests want.
 */
export const eventually = <T>(check: () => T | Promise<T>, timeout = 15_000) =>
  vi.waitFor(check, { timeout, interval: 200 });
