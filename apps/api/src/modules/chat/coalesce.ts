type Waiter<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };
type Entry<T> = {
  timer: ReturnType<typeof setTimeout>;
  trailing?: () => Promise<T>;
  /** Callers of `runAndWait` folded into the trailing run: they get its result. */
  waiters: Waiter<T>[];
};

/**
 * Runs work for a key at most once per interval: the first request runs at once, later ones in the
 * interval are folded into one run at its end (the latest request wins). A socket can send
 * thousands of `mark_read` frames a second, and a keep-alive HTTP client as many requests; each
 * would be an UPDATE, so a flood of them would load the database for everyone. Folding keeps the
 * last request, so nothing asked for is lost.
 */
export function createCoalescer<T = unknown>(intervalMs: number, onError: (error: unknown) => void) {
  const entries = new Map<string, Entry<T>>();

  function start(key: string, work: () => Promise<T>): Promise<T> {
    const entry: Entry<T> = {
      timer: setTimeout(() => {
        entries.delete(key);
        const { trailing, waiters } = entry;
        if (!trailing) return;
        start(key, trailing).then(
          (value) => waiters.forEach((waiter) => waiter.resolve(value)),
          (error: unknown) => {
            // Waiting callers answer for the failure themselves; otherwise nobody would see it.
            if (waiters.length === 0) onError(error);
            waiters.forEach((waiter) => waiter.reject(error));
          },
        );
      }, intervalMs),
      waiters: [],
    };
    entry.timer.unref();
    entries.set(key, entry);
    return work();
  }

  return {
    /** Resolves when the work ran now; at once when it was folded into the run at the interval's end. */
    async run(key: string, work: () => Promise<T>): Promise<void> {
      const entry = entries.get(key);
      if (entry) entry.trailing = work;
      else await start(key, work);
    },
    /**
     * Like `run`, but a folded request waits for the run at the interval's end and gets its
     * result (or its error): for callers that answer with the outcome, such as an HTTP request.
     */
    runAndWait(key: string, work: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (!entry) return start(key, work);
      entry.trailing = work;
      return new Promise<T>((resolve, reject) => entry.waiters.push({ resolve, reject }));
    },
    /** Drops the runs still waiting (shutdown: the database is about to close). */
    close() {
      for (const entry of entries.values()) {
        clearTimeout(entry.timer);
        const stopped = new Error('Shutting down: the folded run was dropped');
        entry.waiters.forEach((waiter) => waiter.reject(stopped));
      }
      entries.clear();
    },
  };
}
