import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A Redis connection for the app: reconnects by itself (ioredis), and its errors are logged
 * rather than thrown at the process, so a Redis restart delays live messages instead of
 * crashing the API. Commands wait while it reconnects (offline queue).
 */
export function connectRedis(url: string, log: FastifyBaseLogger, name: string): Redis {
  const redis = new Redis(url, { connectionName: name, maxRetriesPerRequest: 3 });
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
 * Resolves once the connection is ready, or after `timeoutMs` if Redis does not answer. An
 * instance that took requests before its connection was ready would count rate limits in its
 * own memory (their fallback while Redis is away), so failures sent to it in its first moments
 * would not reach the other instances; a Redis that is down at start must still not keep the
 * API from starting.
 */
export async function redisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on('ready', onReady);
  });
}

/**
 * The app's two connections (a subscriber cannot send commands) and whether both are ready
 * within `timeoutMs`.
 */
export function connectRedisPair(url: string, log: FastifyBaseLogger) {
  const commands = connectRedis(url, log, 'juntos-commands');
  const subscriber = connectRedis(url, log, 'juntos-subscriber');
  return {
    commands,
    subscriber,
    ready: async (timeoutMs: number) =>
      (await Promise.all([commands, subscriber].map((redis) => redisReady(redis, timeoutMs)))).every(Boolean),
  };
}
