import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { createListenerRegistry, type FanOut, type LiveMessage } from './fan-out';

/**
 * FanOut through Redis pub/sub: one channel per member (`<prefix>live:<id>`). An instance
 * subscribes to a member's channel while it holds at least one of their sockets, so each message
 * crosses the network only to the instances that need it. Every message goes through Redis, even
 * for local sockets, which keeps one order per member whichever instance published.
 */
export function createRedisFanOut(options: {
  publisher: Redis;
  subscriber: Redis;
  prefix: string;
  log: FastifyBaseLogger;
}): FanOut {
  const { publisher, subscriber, prefix, log } = options;
  const channelPrefix = `${prefix}live:`;
  const channelOf = (userId: number) => `${channelPrefix}${userId}`;

  const registry = createListenerRegistry({
    firstListener: (userId) => {
      subscriber.subscribe(channelOf(userId)).catch((error: unknown) => {
        log.error({ err: error, userId }, 'Could not subscribe to live messages');
      });
    },
    lastListenerGone: (userId) => {
      subscriber.unsubscribe(channelOf(userId)).catch(() => undefined);
    },
  });

  subscriber.on('message', (channel: string, payload: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    const userId = Number(channel.slice(channelPrefix.length));
    let message: LiveMessage;
    try {
      // Published by an instance of this deploy through the typed `publish` below; what reaches a
      // socket is checked against the contract there in tests (realtime/frame-sender.ts).
      message = JSON.parse(payload) as LiveMessage;
    } catch {
      log.warn({ channel }, 'Ignored a live message that is not JSON');
      return;
    }
    registry.deliver(userId, message);
  });

  return {
    async publish(userId, message) {
      await publisher.publish(channelOf(userId), JSON.stringify(message));
    },
    async publishToEach(userIds, message) {
      if (userIds.length === 0) return;
      const payload = JSON.stringify(message);
      const pipeline = publisher.pipeline();
      for (const userId of userIds) pipeline.publish(channelOf(userId), payload);
      await pipeline.exec();
    },
    subscribe: (userId, listener) => registry.subscribe(userId, listener),
    // The connections belong to the app, which closes them after everything that uses them.
    close: async () => undefined,
  };
}
