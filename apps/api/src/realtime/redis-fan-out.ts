import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { redisReady } from '../lib/redis-ready';
import {
  CONVERSATION_TRAFFIC,
  createListenerRegistry,
  type FanOut,
  type Interest,
  type LiveMessage,
} from './fan-out';

/** Messages sent to Redis in one pipeline at most. */
const BATCH = 500;
/** Messages kept for Redis while it is away; beyond, the oldest go, and the log says how many. */
const OUTBOX_LIMIT = 100_000;
/** How long the outbox waits before trying again when Redis does not say it is back. */
const RETRY_MS = 1000;
/**
 * How long publishing what changes who may reach whom waits for Redis to take it. Such a change
 * (a block, an unfriending, the end of a member's sessions) is answered once the other instances
 * have been sent it, so a message sent after the answer meets it there; while Redis is away the
 * answer goes after this, and the change follows when Redis is back.
 */
const RELATIONSHIP_EVENT_WAIT_MS = 1000;

/**
 * FanOut through Redis pub/sub, two channels per member (issue 36, decisions 0018 and 0052):
 * `<prefix>live:<id>` carries every message to the member, and an instance subscribes to it while
 * it holds one of the member's sockets; `<prefix>watch:<id>` carries the same messages but the
 * conversation traffic, for an instance that only watches the member (the chat's cache of who may
 * write to whom). An instance subscribes to one of the two per member, so the chat's messages reach
 * only the instances with a socket to give them to, however many instances once cached the pair.
 *
 * - **Local first.** A message for a member with listeners on this instance is delivered to them
 *   at once, in publishing order, without a round trip; Redis carries it to the other instances,
 *   and this instance skips its own copy (each payload starts with the instance's id).
 * - **The chat does not wait for Redis.** Publishing puts the message in an outbox that a loop
 *   sends in pipelines, in order; the chat's store never waits for the fan-out. While Redis is away
 *   the outbox keeps the messages and sends them when it is back, and the log says once that
 *   messages wait and once how many went out late. Only what the watchers hear (a block, an
 *   unfriending, the end of a member's sessions) is waited for until Redis has taken it, for at
 *   most RELATIONSHIP_EVENT_WAIT_MS: the answer to a block then comes after every instance was
 *   sent it, and a message sent after that answer is refused everywhere.
 * - **Catching up.** An instance whose subscriber connection broke may have missed what the others
 *   published meanwhile: once it is subscribed again it sends each local member a `resync` frame,
 *   and their clients read again what they show, as after a reconnection.
 */
export function createRedisFanOut(options: {
  publisher: Redis;
  subscriber: Redis;
  prefix: string;
  log: FastifyBaseLogger;
  outboxLimit?: number;
}): FanOut & { waiting(): number } {
  const { publisher, subscriber, prefix, log } = options;
  const outboxLimit = options.outboxLimit ?? OUTBOX_LIMIT;
  const liveChannel = `${prefix}live:`;
  const watchChannel = `${prefix}watch:`;
  const channelOf = (interest: Interest, userId: number) =>
    `${interest === 'everything' ? liveChannel : watchChannel}${userId}`;
  // Ids and frame types contain no space: the payload is `<instance> <type> <json>`, which an
  // instance of an older version (plain JSON) logs and ignores instead of sending it to a socket.
  const instance = randomUUID();

  // Commands go out in the order they are called, so the new channel is in force before the old
  // one is left: a message published meanwhile may come twice (watchers do not mind), never not.
  const registry = createListenerRegistry({
    interestChanged: (userId, now, before) => {
      if (now)
        subscriber.subscribe(channelOf(now, userId)).catch((error: unknown) => {
          log.error({ err: error, userId }, 'Could not subscribe to live messages');
        });
      if (before) subscriber.unsubscribe(channelOf(before, userId)).catch(() => undefined);
    },
  });

  subscriber.on('message', (channel: string, payload: string) => {
    const watched = channel.startsWith(watchChannel);
    if (!watched && !channel.startsWith(liveChannel)) return;
    // `<instance> <type> <json>`: what this instance published, or what nobody here does
    // anything with, is not even parsed.
    const space = payload.indexOf(' ');
    const typeEnd = payload.indexOf(' ', space + 1);
    if (space <= 0 || typeEnd < 0) {
      log.warn({ channel }, 'Ignored a live message of another format');
      return;
    }
    if (payload.slice(0, space) === instance) return;
    const userId = Number(channel.slice(watched ? watchChannel.length : liveChannel.length));
    if (!registry.wants(userId, payload.slice(space + 1, typeEnd))) return;
    let message: LiveMessage;
    try {
      // Published by an instance of this deploy through `publish` below; what reaches a socket is
      // checked against the contract there in tests (realtime/frame-sender.ts).
      message = JSON.parse(payload.slice(typeEnd + 1)) as LiveMessage;
    } catch {
      log.warn({ channel }, 'Ignored a live message that is not JSON');
      return;
    }
    // A watch channel's copy is for watchers only: a socket here has it from the live channel.
    if (watched) registry.deliverToWatchers(userId, message);
    else registry.deliver(userId, message);
  });

  // ioredis subscribes again by itself after a reconnection, sending the commands right after
  // `ready`; a PING queued behind them answers once they are in force.
  let subscriberLost = false;
  subscriber.on('close', () => {
    subscriberLost = true;
  });
  subscriber.on('ready', () => {
    if (!subscriberLost) return;
    subscriberLost = false;
    setImmediate(() => {
      void subscriber
        .ping()
        .catch(() => undefined)
        .then(() => {
          const members = registry.members();
          log.info({ members: members.length }, 'Live messages flow again: local members catch up');
          for (const userId of members) registry.deliver(userId, { type: 'resync' });
        });
    });
  });

  const outbox: { channel: string; payload: string }[] = [];
  // Items leave the outbox only from its front (sent, or dropped past the limit): a publisher
  // waiting for its items knows they are gone once this many have left.
  let pushed = 0;
  let taken = 0;
  const waitingForRedis: { upTo: number; resolve: () => void }[] = [];
  function take(count: number) {
    outbox.splice(0, count);
    taken += count;
    while (waitingForRedis.length > 0 && (waitingForRedis[0]?.upTo ?? Infinity) <= taken)
      waitingForRedis.shift()?.resolve();
  }
  /** Resolves once Redis took the outbox's items so far, or after `ms`. */
  function takenByRedis(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      waitingForRedis.push({
        upTo: pushed,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }
  let draining: Promise<void> | undefined;
  let closing = false;
  let delayedSince: number | undefined;
  let sentLate = 0;
  let dropped = 0;

  /** How many of `batch`, from its start, Redis took. */
  async function send(batch: readonly { channel: string; payload: string }[]): Promise<number> {
    // While Redis is away they wait here, not in ioredis's offline queue, which fails what it
    // holds after a few reconnections. (Should the connection drop after this check, a failed
    // publish stays in the outbox all the same.)
    if (publisher.status !== 'ready') return 0;
    // Issued in one turn, so the connection sends them in one write, with whatever else this turn
    // asks of Redis (the receiver's presence, say): lib/redis.ts.
    const results = await Promise.allSettled(
      batch.map((item) => publisher.publish(item.channel, item.payload)),
    );
    const failed = results.findIndex((result) => result.status === 'rejected');
    return failed === -1 ? results.length : failed;
  }

  // Away: until the connection is ready again, or a while. Ready but refusing: a while.
  const backInAWhile = () =>
    publisher.status === 'ready' ? sleep(RETRY_MS) : redisReady(publisher, RETRY_MS);

  /** Starts the loop that empties the outbox, unless it runs already; resolves when it stops. */
  function drain(): Promise<void> {
    draining ??= emptyOutbox().then(
      () => {
        draining = undefined;
        // Published after the loop found the outbox empty but before this ran: that publisher was
        // handed the finished loop, so its messages would wait for the next one.
        if (outbox.length > 0 && !closing) void drain();
      },
      (error: unknown) => {
        // A fault of ours, not Redis's: starting again at once would only spin. The next publish
        // starts the loop again.
        draining = undefined;
        log.error({ err: error, waiting: outbox.length }, 'Live messages could not be handed to Redis');
      },
    );
    return draining;
  }

  async function emptyOutbox() {
    while (outbox.length > 0) {
      const takenBefore = taken;
      const sent = await send(outbox.slice(0, BATCH));
      // Past the limit, publishers drop the oldest messages while a batch is on its way: those are
      // this batch's first ones, already gone from the outbox.
      take(Math.max(0, sent - (taken - takenBefore)));
      if (delayedSince !== undefined) sentLate += sent;
      if (sent === 0) {
        if (delayedSince === undefined) {
          delayedSince = Date.now();
          sentLate = 0;
          log.warn({ waiting: outbox.length }, 'Live messages wait for Redis');
        }
        if (closing) return;
        await backInAWhile();
      }
    }
    if (delayedSince !== undefined) {
      log.info(
        { delivered: sentLate, dropped, delayedMs: Date.now() - delayedSince },
        'Live messages that waited for Redis were sent',
      );
      delayedSince = undefined;
      dropped = 0;
    }
  }

  function enqueue(userIds: readonly number[], message: LiveMessage): Promise<void> | undefined {
    if (userIds.length === 0) return undefined;
    const payload = `${instance} ${message.type} ${JSON.stringify(message)}`;
    const watched = !CONVERSATION_TRAFFIC.has(message.type);
    for (const userId of userIds) {
      registry.deliver(userId, message);
      outbox.push({ channel: channelOf('everything', userId), payload });
      pushed += 1;
      if (watched) {
        outbox.push({ channel: channelOf('watched', userId), payload });
        pushed += 1;
      }
    }
    if (outbox.length > outboxLimit) {
      // Said once per outage, not once per message; the total goes with the catch-up line.
      if (dropped === 0)
        log.error({ limit: outboxLimit }, 'Live messages are being dropped: Redis has been away too long');
      const over = outbox.length - outboxLimit;
      take(over);
      dropped += over;
    }
    const sent = watched ? takenByRedis(RELATIONSHIP_EVENT_WAIT_MS) : undefined;
    void drain();
    return sent;
  }

  return {
    async publish(userId, message) {
      await enqueue([userId], message);
    },
    async publishToEach(userIds, message) {
      await enqueue(userIds, message);
    },
    subscribe: registry.subscribe,
    watch: registry.watch,
    waiting: () => outbox.length,
    // The connections belong to the app, which closes them after this: what Redis takes now goes.
    async close() {
      closing = true;
      await draining;
      if (outbox.length > 0) await drain();
      if (outbox.length > 0) log.warn({ lost: outbox.length }, 'Live messages not sent before shutdown');
      for (const waiting of waitingForRedis.splice(0)) waiting.resolve();
    },
  };
}
