import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer } from './coalesce';

describe('createCoalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once at once, folds the rest of the interval into one run at its end, per key', async () => {
    const runs: string[] = [];
    const coalescer = createCoalescer(1000, (error) => {
      throw error;
    });
    const work = (label: string) => async () => void runs.push(label);
    await coalescer.run('a', work('a1'));
    for (const label of ['a2', 'a3', 'a4']) await coalescer.run('a', work(label));
    await coalescer.run('b', work('b1'));
    expect(runs).toEqual(['a1', 'b1']);
    await vi.advanceTimersByTimeAsync(1000);
    // The latest request of the interval is the one kept.
    expect(runs).toEqual(['a1', 'b1', 'a4']);
    // The folded run opened an interval of its own; after a quiet one the key runs at once again.
    await vi.advanceTimersByTimeAsync(1000);
    await coalescer.run('a', work('a5'));
    expect(runs).toEqual(['a1', 'b1', 'a4', 'a5']);
  });

  it('reports a failed folded run, and drops waiting runs when closed', async () => {
    const errors: unknown[] = [];
    const coalescer = createCoalescer(1000, (error) => errors.push(error));
    await coalescer.run('a', async () => undefined);
    await coalescer.run('a', async () => {
      throw new Error('database gone');
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual([new Error('database gone')]);

    const late = vi.fn(async () => undefined);
    await coalescer.run('b', async () => undefined);
    await coalescer.run('b', late);
    coalescer.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(late).not.toHaveBeenCalled();
  });

  it('lets a caller wait for the folded run and answers it that run’s result or error', async () => {
    const errors: unknown[] = [];
    const coalescer = createCoalescer<number>(1000, (error) => errors.push(error));
    let runs = 0;
    const count = async () => (runs += 1);
    expect(await coalescer.runAndWait('a', count)).toBe(1);
    const waiting = [coalescer.runAndWait('a', count), coalescer.runAndWait('a', count)];
    await coalescer.run('a', count);
    await vi.advanceTimersByTimeAsync(1000);
    // Three requests in the interval, one run at its end, and both waiting callers get its count.
    expect(await Promise.all(waiting)).toEqual([2, 2]);
    expect(runs).toBe(2);

    await vi.advanceTimersByTimeAsync(1000);
    await coalescer.runAndWait('b', count);
    const failed = coalescer.runAndWait('b', async () => {
      throw new Error('database gone');
    });
    const rejected = expect(failed).rejects.toThrow('database gone');
    await vi.advanceTimersByTimeAsync(1000);
    await rejected;
    // The waiting caller answers for the error: it is not reported a second time.
    expect(errors).toEqual([]);

    await vi.advanceTimersByTimeAsync(1000);
    await coalescer.runAndWait('c', count);
    const dropped = expect(coalescer.runAndWait('c', count)).rejects.toThrow(/Shutting down/);
    coalescer.close();
    await dropped;
  });
});
