/**
 * Runs work for a key at most once per interval: the first request runs at once, later ones in the
 * interval are folded into one run at its end (the latest request wins). A socket can send
 * thousands of `mark_read` frames a second; each would be an UPDATE, so a flood of them would load
 * the database for everyone. Folding keeps the last request, so nothing asked for is lost.
 */
export function createCoalescer(intervalMs: number, onError: (error: unknown) => void) {
  const entries = new Map<
    string,
    { timer: ReturnType<typeof setTimeout>; trailing?: () => Promise<unknown> }
  >();

  function start(key: string, work: () => Promise<unknown>) {
    const timer = setTimeout(() => {
      const trailing = entries.get(key)?.trailing;
      entries.delete(key);
      if (trailing) start(key, trailing).catch(onError);
    }, intervalMs);
    timer.unref();
    entries.set(key, { timer });
    return work();
  }

  return {
    /** Resolves when the work ran now; at once when it was folded into the run at the interval's end. */
    async run(key: string, work: () => Promise<unknown>): Promise<void> {
      const entry = entries.get(key);
      if (entry) entry.trailing = work;
      else await start(key, work);
    },
    /** Drops the runs still waiting (shutdown: the database is about to close). */
    close() {
      for (const entry of entries.values()) clearTimeout(entry.timer);
      entries.clear();
    },
  };
}
