import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from './app-error';

/**
 * Where the counters live: in this process by default; with REDIS_URL in Redis, so every
 * instance counts together (an attacker gains nothing by spreading attempts over instances).
 */
export type RateLimitBackend = {
  redis: Redis | undefined;
  /** The deployment's Redis prefix (REDIS_PREFIX): several deployments and test runs share one Redis. */
  prefix: string;
  /** RATE_LIMIT_SCALE: multiplies every count (never the waiting times). */
  scale: number;
};

/** A fixed window per key: `points` attempts per `windowMs`, then 429 until the window ends. */
export type RateLimit = { hit(key: string): Promise<void> };

/**
 * Attempts that may fail (a password, per IP or per address and IP): the first `free` failures
 * cost nothing, each later one makes the key wait longer (doubling up to `maxDelayMs`) before
 * its next attempt, and at most `cap` attempts are counted per window, so a burst sent in
 * parallel cannot slip past the waiting.
 */
export type FailureLimit = {
  /** Counts an attempt; throws 429 with Retry-After while the key has to wait. */
  begin(key: string): Promise<void>;
  failed(key: string): Promise<void>;
  succeeded(key: string): Promise<void>;
};

/** Failures that only ever slow the answer down, never refuse it (the account's own owner). */
export type Slowdown = {
  wait(key: string): Promise<void>;
  failed(key: string): Promise<void>;
};

export const rateLimited = (msBeforeNext: number, messageKey = 'errors.rate_limited') =>
  new AppError(429, 'rate_limited', messageKey, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) },
  });

/**
 * The part of a client address that a limit counts. An IPv6 subscriber is handed a whole /64 (2^64
 * addresses), so counting full IPv6 addresses would give one attacker a fresh count per request:
 * IPv6 counts per /64 prefix. An IPv4 client reaching a dual-stack socket appears as
 * `::ffff:a.b.c.d` and counts as `a.b.c.d`, so the two spellings share one count. Anything else
 * (not an address) is counted as it is.
 */
export function clientKey(ip: string): string {
  // A zone index (fe80::1%eth0) names the server's interface, not the client.
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head = '', rest] = text.split('::');
  if (rest === undefined) return parse(head);
  const left = parse(head);
  const right = parse(rest);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Keys are hashed for Redis: the store then holds no e-mail address or IP address (Redis is often
 * shared and its keys are easy to list). Counted in this process alone, they stay as they are: the
 * process holds the request that carried them anyway, and a connection storm hashed two keys per
 * socket for nothing.
 */
const hashedFor = (backend: RateLimitBackend) =>
  backend.redis
    ? (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 24)
    : (key: string) => key;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The platform's rate limits, on rate-limiter-flexible (docs/decisions/0002-accounts.md):
 * its counters are atomic in Redis (one Lua script per attempt), and a Redis that does not
 * answer falls back to counting in memory instead of failing the request.
 */
export function createRateLimits(backend: RateLimitBackend) {
  const scaled = (count: number) => Math.max(1, Math.round(count * backend.scale));
  const hashed = hashedFor(backend);

  const windowOf = (name: string, points: number, durationMs: number) => ({
    keyPrefix: `${backend.prefix}rate:${name}`,
    points,
    duration: seconds(durationMs),
  });

  function counter(name: string, points: number, durationMs: number): RateLimiterAbstract {
    const options = windowOf(name, points, durationMs);
    if (!backend.redis) return new RateLimiterMemory(options);
    return new RateLimiterRedis({
      ...options,
      storeClient: backend.redis,
      // While Redis reconnects, limits are counted per instance rather than requests failing.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }

  async function consume(limiter: RateLimiterAbstract, key: string, messageKey?: string) {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext, messageKey);
      throw rejection;
    }
  }

  return {
    fixedWindow(name: string, limit: { points: number; windowMs: number; messageKey?: string }): RateLimit {
      const limiter = counter(name, scaled(limit.points), limit.windowMs);
      return { hit: (key) => consume(limiter, hashed(key), limit.messageKey) };
    },

    /**
     * A fixed window for a limit on every message of a busy path (the chat's sends): the answer
     * waits for no round trip. The window is counted in this process first; with Redis, each hit
     * is counted there too, behind the answer, and once Redis says the key's window is spent (its
     * hits on every instance together), the key is refused here until that window ends.
     *
     * Against `fixedWindow`, a key whose hits are spread over several instances may pass the limit
     * by the hits each instance lets through before it hears Redis's answer: one per instance, and
     * any sent within that round trip (decision 0051). One instance alone refuses exactly at the
     * limit, as before. While Redis is away, each instance counts alone.
     */
    fixedWindowCountedHereFirst(
      name: string,
      limit: { points: number; windowMs: number; messageKey?: string },
    ): RateLimit {
      const options = windowOf(name, scaled(limit.points), limit.windowMs);
      const here = new RateLimiterMemory(options);
      const everywhere = backend.redis
        ? new RateLimiterRedis({ ...options, storeClient: backend.redis, rejectIfRedisNotReady: true })
        : undefined;
      return {
        async hit(key) {
          const id = hashed(key);
          await consume(here, id, limit.messageKey);
          // Not waited for: the commands connection sends it with the other commands of this turn.
          everywhere?.consume(id).catch((rejection: unknown) => {
            // Spent across the instances: refused here too until the window ends. An error (Redis
            // away or refusing) leaves this instance's own count to hold alone.
            if (rejection instanceof RateLimiterRes)
              void here.block(id, seconds(rejection.msBeforeNext)).catch(() => undefined);
          });
        },
      };
    },

    failures(
      name: string,
      limit: {
        free: number;
        cap: number;
        windowMs: number;
        firstDelayMs: number;
        maxDelayMs: number;
        /** Consecutive failures (one key per address and IP) end with a success; others do not. */
        resetOnSuccess: boolean;
      },
    ): FailureLimit {
      const free = scaled(limit.free);
      const attempts = counter(name, scaled(limit.cap), limit.windowMs);
      const waits = counter(`${name}:wait`, 1, limit.maxDelayMs);
      return {
        async begin(key) {
          const id = hashed(key);
          const waiting = await waits.get(id);
          if (waiting && waiting.consumedPoints > 1 && waiting.msBeforeNext > 0)
            throw rateLimited(waiting.msBeforeNext);
          await consume(attempts, id);
        },
        async failed(key) {
          const id = hashed(key);
          const beyond = ((await attempts.get(id))?.consumedPoints ?? 0) - free;
          if (beyond > 0)
            await waits.block(
              id,
              seconds(Math.min(limit.maxDelayMs, limit.firstDelayMs * 2 ** (beyond - 1))),
            );
        },
        async succeeded(key) {
          const id = hashed(key);
          if (limit.resetOnSuccess) await Promise.all([attempts.delete(id), waits.delete(id)]);
          else await attempts.reward(id, 1);
        },
      };
    },

    slowdown(
      name: string,
      limit: { free: number; windowMs: number; stepMs: number; maxDelayMs: number },
    ): Slowdown {
      const free = scaled(limit.free);
      const failures = counter(name, Number.MAX_SAFE_INTEGER, limit.windowMs);
      return {
        async wait(key) {
          const beyond = ((await failures.get(hashed(key)))?.consumedPoints ?? 0) - free;
          if (beyond > 0) await sleep(Math.min(limit.maxDelayMs, limit.stepMs * beyond));
        },
        async failed(key) {
          await failures.penalty(hashed(key), 1);
        },
      };
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
