import { describe, expect, it } from 'vitest';
import { pressureState } from './overload';

const limits = { eventLoopDelayMs: 200, heapUsedBytes: 2 ** 30 };
const idleDatabase = { saturated: false, waiting: 0 };

describe('pressureState', () => {
  it('is not overloaded below every limit', () => {
    expect(pressureState({ eventLoopDelay: 12.4, heapUsed: 2 ** 20 }, limits, idleDatabase)).toEqual({
      overloaded: false,
      reasons: [],
      eventLoopDelayMs: 12,
      heapUsedBytes: 2 ** 20,
      databaseWaiting: 0,
    });
  });

  it('names every limit that is over', () => {
    const state = pressureState({ eventLoopDelay: 300, heapUsed: 2 ** 31 }, limits, {
      saturated: true,
      waiting: 1200,
    });
    expect(state).toMatchObject({
      overloaded: true,
      reasons: ['event_loop_delay', 'heap_used', 'database_waiting'],
      databaseWaiting: 1200,
    });
  });

  it('ignores a limit of 0', () => {
    const off = { eventLoopDelayMs: 0, heapUsedBytes: 0 };
    expect(pressureState({ eventLoopDelay: 5000, heapUsed: 2 ** 33 }, off, idleDatabase).overloaded).toBe(
      false,
    );
  });

  it('reports a sample that saw no tick (Infinity) as the sample interval, which JSON can carry', () => {
    const state = pressureState({ eventLoopDelay: Infinity, heapUsed: 2 ** 20 }, limits, idleDatabase);
    expect(state).toMatchObject({ overloaded: true, reasons: ['event_loop_delay'], eventLoopDelayMs: 1000 });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
