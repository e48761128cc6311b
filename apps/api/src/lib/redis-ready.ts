// Types only from ioredis: the fan-out waits with this, and an instance without Redis must not
// load the client at start-up (server.test).
import type { Redis } from 'ioredis';

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
