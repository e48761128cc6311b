import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Two API instances on one database, as behind a load balancer: what one stores the other reads
 * at once. With `listen`, both on a free port, for sockets. `cleanup` closes the second first,
 * since it borrows the first one's database.
 */
export async function createTwoInstances(
  environment: Record<string, string>,
  options: { listen?: boolean } = {},
) {
  const a = await createTestApp(environment);
  const b = await createTestApp(environment, { database: a.app.database });
  if (options.listen)
    await Promise.all([a, b].map((instance) => instance.app.listen({ port: 0, host: '127.0.0.1' })));
  return {
    a,
    b,
    cleanup: async () => {
      await b.cleanup();
      await a.cleanup();
    },
  };
}

/**
 * The settings of instances that share one Redis and one signing key, under a key prefix of this
 * test file's own: files run side by side on the same Redis and must not count each other's
 * attempts. `removeKeys` deletes everything under the prefix when the file ends.
 */
export function sharedRedis(redisUrl: string, environment: Record<string, string> = {}) {
  const prefix = `juntos-test-${randomBytes(6).toString('hex')}:`;
  const keys = async (pattern: string) => {
    const redis = new Redis(redisUrl);
    try {
      return await redis.keys(`${prefix}${pattern}`);
    } finally {
      await redis.quit();
    }
  };
  return {
    prefix,
    environment: {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...environment,
    },
    /** The keys under the prefix that match `pattern` (Redis KEYS syntax). */
    keys,
    async removeKeys() {
      const redis = new Redis(redisUrl);
      const found = await redis.keys(`${prefix}*`);
      if (found.length) await redis.del(...found);
      await redis.quit();
    },
  };
}

/**
 * Two instances sharing one Redis under this file's own prefix (`sharedRedis`), for the tests of
 * one `describe`: started before them, closed and their keys removed after. `a` and `b` are read
 * inside the tests.
 */
export function twoInstancesThroughRedis(
  redisUrl: string,
  environment: Record<string, string> = {},
  options: { listen?: boolean } = {},
) {
  const redis = sharedRedis(redisUrl, environment);
  let instances: Awaited<ReturnType<typeof createTwoInstances>> | undefined;
  beforeAll(async () => {
    instances = await createTwoInstances(redis.environment, options);
  });
  afterAll(async () => {
    await instances?.cleanup();
    await redis.removeKeys();
  });
  const started = () => {
    if (!instances) throw new Error('the two instances start in beforeAll, before the tests');
    return instances;
  };
  return {
    redis,
    get a(): TestApp {
      return started().a;
    },
    get b(): TestApp {
      return started().b;
    },
  };
}
