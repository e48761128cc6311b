import type { Clock } from '../lib/clock';

type Timer = { at: number; callback: () => void };

/**
 * A clock that moves only when the test says so. It starts at the real time, so tokens signed by
 * the test (checked by `jose` against the real time) mean the same on both clocks at the start.
 */
export function manualClock(start = Date.now()) {
  let now = start;
  const timers = new Set<Timer>();
  const clock: Clock & { advance: (ms: number) => void } = {
    now: () => now,
    setTimer: (callback, ms) => {
      const timer = { at: now + ms, callback };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    /** Moves the time on and runs, in order, the timers that came due. */
    advance: (ms) => {
      now += ms;
      // A timer that keeps re-arming itself for "now" would loop for ever: a bug worth a failure.
      for (let fired = 0; ; fired += 1) {
        if (fired > 10_000) throw new Error('Timers keep coming due: one re-arms itself without waiting');
        const due = [...timers].filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) return;
        timers.delete(due);
        due.callback();
      }
    },
  };
  return clock;
}
