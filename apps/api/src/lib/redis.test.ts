import pino from 'pino';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerAvailable, startRedisProcess, type RedisProcess } from '../test-support/redis-process';
import { connectRedis } from './redis';
import { redisReady } from './redis-ready';

/** What Redis says it has read from its clients so far (one per read of a socket). */
async function readsProcessed(redis: Redis) {
  const stats = await redis.info('stats');
  return Number(/total_reads_processed:(\d+)/.exec(stats)?.[1]);
}

/** How each of `commands` ended, and how long after the call; fails the test past 10 s. */
async function outcomesOf(commands: Promise<unknown>[]) {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLong = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the commands were still waiting after 10 s')), 10_000);
  });
  try {
    const outcomes = await Promise.race([Promise.allSettled(commands), tooLong]);
    return { outcomes, elapsedMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The app's commands connection (decision 0055), against a Redis of the test's own: the commands
 * of one turn leave in one write, and a Redis that hangs fails the commands waiting for it instead
 * of holding their callers for ever.
 */
describe.skipIf(!redisServerAvailable())('the commands connection', () => {
  const timeoutMs = 1000;
  let server: RedisProcess;
  let redis: Redis;

  beforeAll(async () => {
    server = await startRedisProcess();
    redis = connectRedis(server.url, pino({ level: 'silent' }), 'test-commands', { commands: { timeoutMs } });
    expect(await redisReady(redis, 5000)).toBe(true);
  });
  afterAll(async () => {
    server.resume();
    redis.disconnect();
    await server.stop();
  });

  it('sends the commands of one turn in one write, each answered in order', async () => {
    await redis.del('one-turn');
    const before = await readsProcessed(redis);
    const answers = Promise.all(Array.from({ length: 50 }, (_, i) => redis.incrby('one-turn', i)));
    // Written, not yet sent: the socket holds them until the turn is over.
    expect(redis.stream.writableCorked).toBe(1);
    expect(redis.stream.writableLength).toBeGreaterThan(0);
    const totals = await answers;
    expect(totals.at(-1)).toBe((49 * 50) / 2);
    expect(totals.every((total, i) => i === 0 || total > (totals[i - 1] ?? 0))).toBe(true);
    expect(redis.stream.writableCorked).toBe(0);
    // The 50 commands in one read, and this INFO in another.
    expect((await readsProcessed(redis)) - before).toBe(2);
  });

  it('fails the commands a hung Redis does not answer, and goes on once it answers again', async () => {
    await redis.set('hung', 'before');
    server.pause();
    try {
      const { outcomes, elapsedMs } = await outcomesOf([redis.publish('nobody', 'hello'), redis.get('hung')]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
      expect(String((outcomes[0] as PromiseRejectedResult).reason)).toContain('did not answer');
      // After the timeout, not for ever (the watch looks five times per timeout; slack for a busy machine).
      expect(elapsedMs).toBeGreaterThanOrEqual(timeoutMs);
      expect(elapsedMs).toBeLessThan(timeoutMs * 8);
    } finally {
      server.resume();
    }
    expect(await redis.get('hung')).toBe('before');
  });

  it('fails a command issued while the connection is being made again to a hung Redis', async () => {
    await redis.set('reconnecting', 'before');
    server.pause();
    try {
      // The new connection's handshake waits for the stopped server: the command waits offline.
      redis.disconnect(true);
      const { outcomes, elapsedMs } = await outcomesOf([redis.get('reconnecting')]);
      expect(outcomes[0]?.status).toBe('rejected');
      expect(elapsedMs).toBeLessThan(timeoutMs * 8);
    } finally {
      server.resume();
    }
    expect(await redisReady(redis, 5000)).toBe(true);
    expect(await redis.get('reconnecting')).toBe('before');
  });
});
