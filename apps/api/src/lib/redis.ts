import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { redisReady } from './redis-ready';

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
  // The commands issued in one event-loop turn leave in one write (ioredis's auto-pipelining), in
  // the order they were issued: a busy turn (the chat's counts, presence, limits) wakes Redis
  // once instead of once per command.
  const commands = connectRedis(url, log, 'juntos-commands', { autoPipelining: true });
  const subscriber = connectRedis(url, log, 'juntos-subscriber');
  return {
    commands,
    subscriber,
    ready: async (timeoutMs: number) =>
      (await Promise.all([commands, subscriber].map((redis) => redisReady(redis, timeoutMs)))).every(Boolean),
  };
}
