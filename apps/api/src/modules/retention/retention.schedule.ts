import type { FastifyBaseLogger } from 'fastify';
import type { RetentionService } from './retention.service';

export type RetentionSchedule = {
  /** Delay before the first pass, so the start-up settles first. */
  firstRunMs: number;
  intervalMs: number;
};

/**
 * Runs retention passes on this instance while it is up: every instance keeps a timer, and the
 * lease decides which one works, so the job goes on whichever instances are running. The next
 * pass is timed from the end of the last, so passes on one instance never overlap.
 */
export function createRetentionTimer(
  service: RetentionService,
  schedule: RetentionSchedule,
  log: FastifyBaseLogger,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = () => {
    running = service
      .runPass()
      .then((purged) => {
        // Counts only: the log never says whose records they were or what they held.
        if (purged) log.info({ purged }, 'Retention pass done');
        else log.debug('Retention pass skipped: another instance holds the lease');
      })
      .catch((error: unknown) => log.error({ err: error }, 'Retention pass failed; the next one tries again'))
      .finally(() => {
        running = undefined;
        if (!stopped) next(schedule.intervalMs);
      });
  };
  const next = (delay: number) => {
    timer = setTimeout(run, delay);
    // A pending pass never keeps a process alive that is otherwise done.
    timer.unref();
  };

  return {
    start() {
      if (!stopped && !timer) next(schedule.firstRunMs);
    },
    /** Shutdown: no new pass starts, and the one in progress finishes before the database closes. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type RetentionTimer = ReturnType<typeof createRetentionTimer>;
