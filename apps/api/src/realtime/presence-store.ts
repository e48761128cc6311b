import type { Redis } from 'ioredis';

/**
 * Which members have a live socket, on any instance. Each socket is an entry with an expiry time
 * that its heartbeats push forward; a member is online while one unexpired entry remains. The
 * answers say when a member's presence changed, so exactly one status_update is sent per change,
 * even when several instances see the same member come and go.
 */
export type PresenceStore = {
  /** Records (or renews) a socket; true when the member had no live socket before. */
  touch(userId: number, socketId: string, now: number): Promise<boolean>;
  /** Forgets a socket; true when it was the member's last one. */
  remove(userId: number, socketId: string, now: number): Promise<boolean>;
  /** Forgets sockets whose heartbeats stopped (on any instance); the members that went offline. */
  sweep(now: number): Promise<number[]>;
  onlineAmong(userIds: readonly number[], now: number): Promise<Set<number>>;
};

export function createInMemoryPresenceStore(ttlMs: number): PresenceStore {
  const sockets = new Map<number, Map<string, number>>();
  const liveCount = (userId: number, now: number) => {
    const entries = sockets.get(userId);
    if (!entries) return 0;
    for (const [socketId, expiresAt] of entries) if (expiresAt <= now) entries.delete(socketId);
    if (entries.size === 0) sockets.delete(userId);
    return entries.size;
  };
  return {
    async touch(userId, socketId, now) {
      const wasOffline = liveCount(userId, now) === 0;
      const entries = sockets.get(userId) ?? new Map<string, number>();
      entries.set(socketId, now + ttlMs);
      sockets.set(userId, entries);
      return wasOffline;
    },
    async remove(userId, socketId, now) {
      const entries = sockets.get(userId);
      if (!entries?.delete(socketId)) return false;
      return liveCount(userId, now) === 0;
    },
    async sweep(now) {
      const offline: number[] = [];
      for (const [userId, entries] of sockets) {
        const before = entries.size;
        if (before > 0 && liveCount(userId, now) === 0) offline.push(userId);
      }
      return offline;
    },
    async onlineAmong(userIds, now) {
      return new Set(userIds.filter((userId) => liveCount(userId, now) > 0));
    },
  };
}

// The entry in "every socket" is the guard that makes a departure count once: whoever removes
// it (the closing instance or a sweep) decides whether the member went offline.
// KEYS[1] member's sockets, KEYS[2] every socket; ARGV: socket id, expiry, now, "member|socket",
// how long the member's key outlives its last expiry (so a sweep still finds it).
const TOUCH = `
redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[3])
local before = redis.call('zcard', KEYS[1])
redis.call('zadd', KEYS[1], ARGV[2], ARGV[1])
local last = redis.call('zrange', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('pexpireat', KEYS[1], tonumber(last[2]) + tonumber(ARGV[5]))
redis.call('zadd', KEYS[2], ARGV[2], ARGV[4])
return before`;

const REMOVE = `
local removed = redis.call('zrem', KEYS[2], ARGV[3])
redis.call('zrem', KEYS[1], ARGV[1])
if removed == 0 then return -1 end
redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[2])
return redis.call('zcard', KEYS[1])`;

// KEYS[1] every socket; ARGV: now, prefix of members' keys, batch size. Keys of members are built
// here, which a Redis Cluster would refuse; a single Redis (or a primary with replicas) is assumed.
const SWEEP = `
local entries = redis.call('zrangebyscore', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
local offline = {}
for _, entry in ipairs(entries) do
  if redis.call('zrem', KEYS[1], entry) == 1 then
    local sep = string.find(entry, '|', 1, true)
    local member = string.sub(entry, 1, sep - 1)
    local key = ARGV[2] .. member
    redis.call('zrem', key, string.sub(entry, sep + 1))
    redis.call('zremrangebyscore', key, '-inf', ARGV[1])
    if redis.call('zcard', key) == 0 then table.insert(offline, member) end
  end
end
return offline`;

const SWEEP_BATCH = 1000;

export function createRedisPresenceStore(redis: Redis, prefix: string, ttlMs: number): PresenceStore {
  const memberKey = (userId: number) => `${prefix}presence:${userId}`;
  const allKey = `${prefix}presence:all`;
  return {
    async touch(userId, socketId, now) {
      const before = await redis.eval(
        TOUCH,
        2,
        memberKey(userId),
        allKey,
        socketId,
        now + ttlMs,
        now,
        `${userId}|${socketId}`,
        ttlMs,
      );
      return before === 0;
    },
    async remove(userId, socketId, now) {
      const left = await redis.eval(
        REMOVE,
        2,
        memberKey(userId),
        allKey,
        socketId,
        now,
        `${userId}|${socketId}`,
      );
      return left === 0;
    },
    async sweep(now) {
      const offline = (await redis.eval(
        SWEEP,
        1,
        allKey,
        now,
        `${prefix}presence:`,
        SWEEP_BATCH,
      )) as string[];
      return offline.map(Number);
    },
    async onlineAmong(userIds, now) {
      if (userIds.length === 0) return new Set();
      const pipeline = redis.pipeline();
      for (const userId of userIds) pipeline.zcount(memberKey(userId), now + 1, '+inf');
      const results = (await pipeline.exec()) ?? [];
      return new Set(userIds.filter((_, index) => Number(results[index]?.[1] ?? 0) > 0));
    },
  };
}
