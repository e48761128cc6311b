import type { Redis } from 'ioredis';

/**
 * Which members have a live socket, on any instance. Each socket is an entry with an expiry time
 * that its heartbeats push forward; a member is online while one unexpired entry remains. The
 * answers say when a member's presence changed, so exactly one status_update is sent per change,
 * even when several instances see the same member come and go.
 */
export type PresenceStore = {
  /**
   * Records (or renews) a socket; true when the member had no live socket before. A socket id is
   * `<instance>:<n>`: the instance holding it, whose lease (`renewInstance`) it lives by as well.
   */
  touch(userId: number, socketId: string, now: number): Promise<boolean>;
  /** Forgets a socket; true when it was the member's last one. */
  remove(userId: number, socketId: string, now: number): Promise<boolean>;
  /**
   * Forgets sockets whose heartbeats stopped, and every socket of an instance whose lease lapsed
   * (it died without closing them); the members that went offline.
   */
  sweep(now: number): Promise<number[]>;
  /**
   * The instance is alive: its sockets are kept for the lease's length from `now` even if it stops
   * renewing it, and no longer. One instance alone has no one to outlive it: a no-op in memory.
   */
  renewInstance(instanceId: string, now: number): Promise<void>;
  onlineAmong(userIds: readonly number[], now: number): Promise<Set<number>>;
};

export function createInMemoryPresenceStore(ttlMs: number): PresenceStore & {
  /** Forgets every socket of the member (another store said the member went offline). */
  forget(userId: number): void;
  /** Forgets every socket (another store no longer holds them). */
  forgetEveryone(): void;
} {
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
    renewInstance: async () => undefined,
    forget: (userId) => void sockets.delete(userId),
    forgetEveryone: () => sockets.clear(),
  };
}

/** The instance part of a socket id (`<instance>:<n>`). */
const instanceOf = (socketId: string) => socketId.slice(0, socketId.lastIndexOf(':'));

// The entry in "every socket" is the guard that makes a departure count once: whoever removes
// it (the closing instance or a sweep) decides whether the member went offline.
// KEYS[1] member's sockets, KEYS[2] every socket, KEYS[3] the sockets of the socket's instance;
// ARGV: socket id, expiry, now, "member|socket", how long the member's key outlives its last
// expiry (so a sweep still finds it).
const TOUCH = `
redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[3])
local before = redis.call('zcard', KEYS[1])
redis.call('zadd', KEYS[1], ARGV[2], ARGV[1])
local last = redis.call('zrange', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('pexpireat', KEYS[1], tonumber(last[2]) + tonumber(ARGV[5]))
redis.call('zadd', KEYS[2], ARGV[2], ARGV[4])
redis.call('sadd', KEYS[3], ARGV[4])
return before`;

const REMOVE = `
local removed = redis.call('zrem', KEYS[2], ARGV[3])
redis.call('zrem', KEYS[1], ARGV[1])
redis.call('srem', KEYS[3], ARGV[3])
if removed == 0 then return -1 end
redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[2])
return redis.call('zcard', KEYS[1])`;

// KEYS[1] every socket, KEYS[2] the instances by the end of their lease; ARGV: now, prefix of
// members' keys, batch size, prefix of instances' socket sets. Keys of members and instances are
// built here, which a Redis Cluster would refuse; a single Redis (or a primary with replicas) is
// assumed.
const SWEEP = `
local offline = {}
local function drop(entry)
  if redis.call('zrem', KEYS[1], entry) == 0 then return end
  local sep = string.find(entry, '|', 1, true)
  local member = string.sub(entry, 1, sep - 1)
  local socket = string.sub(entry, sep + 1)
  local key = ARGV[2] .. member
  redis.call('zrem', key, socket)
  redis.call('srem', ARGV[4] .. string.match(socket, '^(.*):'), entry)
  redis.call('zremrangebyscore', key, '-inf', ARGV[1])
  if redis.call('zcard', key) == 0 then table.insert(offline, member) end
end
for _, entry in ipairs(redis.call('zrangebyscore', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))) do
  drop(entry)
end
for _, instance in ipairs(redis.call('zrangebyscore', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, 10)) do
  local sockets = ARGV[4] .. instance
  for _, entry in ipairs(redis.call('smembers', sockets)) do drop(entry) end
  redis.call('del', sockets)
  redis.call('zrem', KEYS[2], instance)
end
return offline`;

const SWEEP_BATCH = 1000;

/**
 * `leaseMs`: how long an instance's sockets outlive its last `renewInstance` (several of its renewal
 * intervals, so that a busy moment does not mark its members offline).
 */
export function createRedisPresenceStore(
  redis: Redis,
  prefix: string,
  ttlMs: number,
  leaseMs: number,
): PresenceStore {
  const memberKey = (userId: number) => `${prefix}presence:${userId}`;
  const allKey = `${prefix}presence:all`;
  const instancesKey = `${prefix}presence:instances`;
  const instanceSocketsPrefix = `${prefix}presence:instance:`;
  // This instance's own sockets, with the same expiries as their entries in Redis: a member with a
  // live socket here is online without asking Redis. The chat asks for every message whether its
  // receiver is online (to notify one who is away), and with few instances the receiver's socket
  // is often on the sender's.
  const ownSockets = createInMemoryPresenceStore(ttlMs);
  return {
    async touch(userId, socketId, now) {
      await ownSockets.touch(userId, socketId, now);
      const before = await redis.eval(
        TOUCH,
        3,
        memberKey(userId),
        allKey,
        `${instanceSocketsPrefix}${instanceOf(socketId)}`,
        socketId,
        now + ttlMs,
        now,
        `${userId}|${socketId}`,
        ttlMs,
      );
      return before === 0;
    },
    async remove(userId, socketId, now) {
      await ownSockets.remove(userId, socketId, now);
      const left = await redis.eval(
        REMOVE,
        3,
        memberKey(userId),
        allKey,
        `${instanceSocketsPrefix}${instanceOf(socketId)}`,
        socketId,
        now,
        `${userId}|${socketId}`,
      );
      return left === 0;
    },
    async sweep(now) {
      await ownSockets.sweep(now);
      const offline = (await redis.eval(
        SWEEP,
        2,
        allKey,
        instancesKey,
        now,
        `${prefix}presence:`,
        SWEEP_BATCH,
        instanceSocketsPrefix,
      )) as string[];
      // Redis decides: a member it counts as gone (a socket that reached this memory but not
      // Redis, say) is gone here too, until the member's next heartbeat records the socket again.
      const members = offline.map(Number);
      for (const userId of members) ownSockets.forget(userId);
      return members;
    },
    async renewInstance(instanceId, now) {
      const added = await redis.zadd(instancesKey, now + leaseMs, instanceId);
      // Renewed, the lease is there; added anew, it had lapsed (this instance was held up) and
      // another instance's sweep may have counted these members as gone and told their friends.
      // Until their next heartbeats record them again, Redis answers for them here too.
      if (added > 0) ownSockets.forgetEveryone();
    },
    async onlineAmong(userIds, now) {
      const online = await ownSockets.onlineAmong(userIds, now);
      const elsewhere = userIds.filter((userId) => !online.has(userId));
      if (elsewhere.length === 0) return online;
      // One command each, issued in one turn: the connection sends them in one write, with the
      // other commands of the turn (lib/redis.ts). A member Redis could not answer for (it is
      // away) counts as away: the friends list still answers.
      const counts = await Promise.allSettled(
        elsewhere.map((userId) => redis.zcount(memberKey(userId), now + 1, '+inf')),
      );
      elsewhere.forEach((userId, index) => {
        const count = counts[index];
        if (count?.status === 'fulfilled' && count.value > 0) online.add(userId);
      });
      return online;
    },
  };
}
