/**
 * The time as the live-chat code reads it, and its timers. Production uses the system's; a test
 * passes a clock it moves by hand, so "the token expired", "the heartbeats stopped" and "the frames
 * came too fast" are decided by the test, not by how busy the machine happens to be (issue 33).
 */
export type Clock = {
  now: () => number;
  /** Calls `callback` once `ms` have passed on this clock; the returned function cancels it. */
  setTimer: (callback: () => void, ms: number) => () => void;
};

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    // A pending expiry or heartbeat check never keeps the process alive on its own.
    timer.unref();
    return () => clearTimeout(timer);
  },
};
