import type { FastifyInstance } from 'fastify';
import type { ChatService } from './chat.service';

/** The first run waits for the start-up to settle; then once an hour is plenty for a daily limit. */
export const CHAT_PURGE_SCHEDULE = { firstRunMs: 60_000, intervalMs: 60 * 60 * 1000 } as const;

/**
 * Runs the chat retention purge on this instance while it is up. Every instance runs it: the
 * delete skips rows another instance is deleting, and deleting what is already gone is harmless,
 * so no leader election or shared lock is needed.
 */
export function scheduleChatPurge(
  app: FastifyInstance,
  service: ChatService,
  schedule = CHAT_PURGE_SCHEDULE,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running = service
      .purgeExpired()
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'Expired chat messages purged');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'Chat purge failed; the next run tries again'))
      .finally(() => {
        running = undefined;
        if (timer) next(schedule.intervalMs);
      });
  };
  const next = (delay: number) => {
    timer = setTimeout(run, delay);
    timer.unref();
  };
  app.addHook('onReady', async () => next(schedule.firstRunMs));
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    timer = undefined;
    await running;
  });
}
