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
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const stopping = new AbortController();

  const run = () => {
    running = service
      .runPass(stopping.signal)
      .then((outcome) => {
        // Counts only: the log never says whose records they were or what they held.
        if (!outcome) log.debug('Retention pass skipped: another instance holds the lease');
        else if (outcome.stopped)
          log.info({ purged: outcome.purged }, 'Retention pass stopped by shutdown; the next pass goes on');
        else if (outcome.failed.length)
          log.warn(
            { purged: outcome.purged, failed: outcome.failed },
            'Retention pass done, but some kinds failed; the next pass tries them again',
          );
        else log.info({ purged: outcome.purged }, 'Retention pass done');
      })
      .catch((error: unknown) => log.error({ err: error }, 'Retention pass failed; the next one tries again'))
      .finally(() => {
        running = undefined;
        if (!stopping.signal.aborted) next(schedule.intervalMs);
      });
  };
  const next = (delay: number) => {
    timer = setTimeout(run, delay);
    // A pending pass never keeps a process alive that is otherwise done.
    timer.unref();
  };

  return {
    start() {
      if (!stopping.signal.aborted && !timer) next(schedule.firstRunMs);
    },
    /**
     * Shutdown: no new pass starts, and the one in progress ends after its current batch, before
     * the database closes. It does not wait for a whole backlog: the next pass goes on.
     */
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}

export type RetentionTimer = ReturnType<typeof createRetentionTimer>;
