import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { redisReady } from './redis-ready';

/** How long a command of the commands connection may go unanswered before it fails. */
const COMMAND_TIMEOUT_MS = 5000;

/**
 * A Redis connection for the app: reconnects by itself (ioredis), and its errors are logged
 * rather than thrown at the process, so a Redis restart delays live messages instead of
 * crashing the API. Commands wait while it reconnects (offline queue).
 */
export function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  name: string,
  options: { autoPipelining?: boolean } = {},
): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: 3,
    enableAutoPipelining: options.autoPipelining ?? false,
    // An auto-pipeline waits for the one before it. Should a reply never come (a connection that
    // hangs rather than closes), the commands behind it would wait for ever: a command unanswered
    // this long fails instead, and its callers' fallbacks apply (the outbox keeps its messages,
    // limits count here, presence reads count the member as away).
    ...(options.autoPipelining ? { commandTimeout: COMMAND_TIMEOUT_MS } : {}),
  });
  let lastError = '';
  redis.on('error', (error: Error) => {
    // One line per distinct failure, not one per reconnection attempt.
    if (error.message === lastError) return;
    lastError = error.message;
    log.warn({ err: error, connection: name }, 'Redis connection problem');
  });
  redis.on('ready', () => {
    lastError = '';
  });
  return redis;
}

/**
 * The app's two connections (a subscriber cannot send commands) and whether both are ready
 * within `timeoutMs`.
 */
export function connectRedisPair(url: string, log: FastifyBaseLogger) {
  // ioredis's auto-pipelining: the commands issued in one event-loop turn go to Redis together, in
  // the order issued, behind the previous turn's if its replies are still on their way. The chat
  // asks Redis several things per message (its limit's count, the publishes, the receiver's
  // presence): together they wake Redis once, not once each (decision 0054).
  // (`multi`, `quit`, `client` and a few others bypass it: none is used on the chat's path.)
  const commands = connectRedis(url, log, 'juntos-commands', { autoPipelining: true });
  const subscriber = connectRedis(url, log, 'juntos-subscriber');
  return {
    commands,
    subscriber,
    ready: async (timeoutMs: number) =>
      (await Promise.all([commands, subscriber].map((redis) => redisReady(redis, timeoutMs)))).every(Boolean),
  };
}
