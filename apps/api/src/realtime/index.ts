import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createInProcessFanOut, type FanOut } from './fan-out';
import { createInMemoryPresenceStore, createRedisPresenceStore, type PresenceStore } from './presence-store';
import { createRedisFanOut } from './redis-fan-out';

export { sessionEnded, supportEnded, type FanOut, type LiveMessage, type SessionEndReason } from './fan-out';
export { createPresenceTracker, onlineReader, type OnlinePort, type PresenceAudience } from './presence';
export { createKnownSessions, type KnownSessions } from './known-sessions';
export { createSocketGateway, type ChatFramesPort, type ChatSocketOptions } from './socket-gateway';
export type { PresenceStore };

/**
 * The realtime part's infrastructure: the fan-out that carries live messages to members'
 * sockets and the store of who has a socket. In-process by default; with Redis (REDIS_URL)
 * both are shared by every API instance (DESIGN.md).
 */
export function createRealtime(options: {
  redis: { commands: Redis; subscriber: Redis } | undefined;
  prefix: string;
  heartbeatTimeoutMs: number;
  /** How long a silent instance's sockets still count as online (its presence lease). */
  instanceLeaseMs: number;
  log: FastifyBaseLogger;
}): { fanOut: FanOut; presenceStore: PresenceStore } {
  const { redis, prefix, heartbeatTimeoutMs, instanceLeaseMs, log } = options;
  if (!redis)
    return {
      fanOut: createInProcessFanOut(),
      presenceStore: createInMemoryPresenceStore(heartbeatTimeoutMs),
    };
  return {
    fanOut: createRedisFanOut({ publisher: redis.commands, subscriber: redis.subscriber, prefix, log }),
    presenceStore: createRedisPresenceStore(redis.commands, prefix, heartbeatTimeoutMs, instanceLeaseMs),
  };
}
