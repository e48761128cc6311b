import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from './fan-out';
import { createRedisFanOut } from './redis-fan-out';

/** A Redis connection as far as the fan-out uses it, whose readiness the test sets by hand. */
function fakeConnection() {
  const published: { channel: string; payload: string }[] = [];
  const connection = Object.assign(new EventEmitter(), {
    status: 'reconnecting',
    published,
    subscribe: vi.fn(async (_channel: string) => 1),
    unsubscribe: vi.fn(async (_channel: string) => 1),
    ping: vi.fn(async () => 'PONG'),
    publish: vi.fn(async (channel: string, payload: string) => {
      published.push({ channel, payload });
      return 1;
    }),
  });
  return connection;
}

function fakeLog() {
  const lines: { level: string; message: string; fields: unknown }[] = [];
  const at =
    (level: string) =>
    (fields: unknown, message: string): void =>
      void lines.push({ level, message, fields });
  return { lines, log: { warn: at('warn'), error: at('error'), info: at('info') } };
}

/** The fan-out over fake connections (a fresh subscriber and log unless given). */
function fanOutOver(
  publisher: ReturnType<typeof fakeConnection>,
  options: {
    subscriber?: ReturnType<typeof fakeConnection>;
    log?: ReturnType<typeof fakeLog>['log'];
    outboxLimit?: number;
  } = {},
) {
  return createRedisFanOut({
    publisher: publisher as unknown as Redis,
    subscriber: (options.subscriber ?? fakeConnection()) as unknown as Redis,
    prefix: 't:',
    log: (options.log ?? fakeLog().log) as unknown as FastifyBaseLogger,
    ...(options.outboxLimit === undefined ? {} : { outboxLimit: options.outboxLimit }),
  });
}

const message = (text: string): LiveMessage => ({
  type: 'notification',
  data: { type: 'new_message', from: text, sender_id: 2 },
});

/** Conversation traffic: one copy per message, to the member's live channel. */
const receipt = (reader: number): LiveMessage => ({ type: 'read_receipt', reader_id: reader });
/** The message of a published payload (`<instance> <type> <json>`). */
const payloadOf = (payload: string) => JSON.parse(payload.split(' ').slice(2).join(' ')) as LiveMessage;
const readerOf = (frame: LiveMessage) => (frame.type === 'read_receipt' ? frame.reader_id : undefined);

describe('the Redis fan-out', () => {
  it('delivers on this instance at once, keeps the rest for Redis in order, and says what waited and what was dropped', async () => {
    const publisher = fakeConnection();
    const subscriber = fakeConnection();
    const { lines, log } = fakeLog();
    const fanOut = fanOutOver(publisher, { subscriber, log, outboxLimit: 3 });
    const received: LiveMessage[] = [];
    fanOut.subscribe(1, (frame) => received.push(frame));

    // Redis is away: five messages reach the local listener now; the outbox keeps the last three.
    for (const reader of [1, 2, 3, 4, 5]) await fanOut.publish(1, receipt(reader));
    expect(received.map(readerOf)).toEqual([1, 2, 3, 4, 5]);
    await vi.waitFor(() => expect(fanOut.waiting()).toBe(3));
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
      'Live messages wait for Redis',
    ]);
    // Said once, however many go.
    expect(lines.filter((line) => line.level === 'error')).toMatchObject([
      { message: 'Live messages are being dropped: Redis has been away too long', fields: { limit: 3 } },
    ]);

    // Redis is back: the three go out in order, and the log says they went late.
    publisher.status = 'ready';
    publisher.emit('ready');
    await vi.waitFor(() => expect(fanOut.waiting()).toBe(0));
    const sent = publisher.published.map(
      (item) => JSON.parse(item.payload.split(' ').slice(2).join(' ')) as LiveMessage,
    );
    expect(sent.map(readerOf)).toEqual([3, 4, 5]);
    expect(publisher.published.every((item) => item.channel === 't:live:1')).toBe(true);
    await vi.waitFor(() =>
      expect(lines.at(-1)).toMatchObject({
        level: 'info',
        message: 'Live messages that waited for Redis were sent',
        fields: { delivered: 3, dropped: 2 },
      }),
    );

    // Its own copy back from Redis is not delivered twice; another instance's is.
    const own = publisher.published[0]?.payload ?? '';
    subscriber.emit('message', 't:live:1', own);
    subscriber.emit('message', 't:live:1', `other-instance read_receipt ${JSON.stringify(receipt(6))}`);
    expect(received).toHaveLength(6);

    // The subscriber lost Redis and came back: the local members are told to catch up.
    subscriber.emit('close');
    subscriber.emit('ready');
    await vi.waitFor(() => expect(received.at(-1)).toEqual({ type: 'resync' }));
    await fanOut.close();
  });
  it('sends the chat only where a socket waits, and what changes who may reach whom to watchers too', async () => {
    const publisher = fakeConnection();
    const subscriber = fakeConnection();
    publisher.status = 'ready';
    const commands: string[] = [];
    subscriber.subscribe.mockImplementation(async (channel: string) => {
      commands.push(`subscribe ${channel}`);
      return 1;
    });
    subscriber.unsubscribe.mockImplementation(async (channel: string) => {
      commands.push(`unsubscribe ${channel}`);
      return 1;
    });
    const fanOut = fanOutOver(publisher, { subscriber });

    // Only a watcher for member 7 here: its watch channel; a socket comes, the live one in its
    // place (in force before the watch channel is left); it goes, back to watching.
    const watched: LiveMessage[] = [];
    const stopWatching = fanOut.watch(7, (frame) => watched.push(frame));
    const socket: LiveMessage[] = [];
    const stopSocket = fanOut.subscribe(7, (frame) => socket.push(frame));
    stopSocket();
    expect(commands).toEqual([
      'subscribe t:watch:7',
      'subscribe t:live:7',
      'unsubscribe t:watch:7',
      'subscribe t:watch:7',
      'unsubscribe t:live:7',
    ]);

    // Published here: the chat message to the live channel only, the cancelled friendship to both,
    // and the latter is answered only once Redis has taken it (a block's answer comes after every
    // instance was sent the block).
    const chat: LiveMessage = { type: 'read_receipt', reader_id: 3 };
    const cancelled = message('c');
    await fanOut.publish(7, chat);
    await fanOut.publish(7, cancelled);
    expect(publisher.published).toHaveLength(3);
    expect(publisher.published.map((item) => item.channel)).toEqual(['t:live:7', 't:live:7', 't:watch:7']);
    expect(watched).toEqual([cancelled]);

    // From another instance: the watch channel's copy reaches watchers, never a socket, which has
    // the live channel's.
    const stopSocketAgain = fanOut.subscribe(7, (frame) => socket.push(frame));
    const fromElsewhere = `other ${cancelled.type} ${JSON.stringify(cancelled)}`;
    subscriber.emit('message', 't:watch:7', fromElsewhere);
    subscriber.emit('message', 't:live:7', fromElsewhere);
    subscriber.emit('message', 't:live:7', `other ${chat.type} ${JSON.stringify(chat)}`);
    expect(socket).toEqual([cancelled, chat]);
    expect(watched).toEqual([cancelled, cancelled, cancelled]);

    stopSocketAgain();
    stopWatching();
    expect(commands.slice(-3)).toEqual([
      'subscribe t:watch:7',
      'unsubscribe t:live:7',
      'unsubscribe t:watch:7',
    ]);
    await fanOut.close();
  });
  it('sends again, in order, everything from the first publish Redis refused on', async () => {
    const publisher = fakeConnection();
    const fanOut = fanOutOver(publisher);
    const publish = publisher.publish.getMockImplementation()!;
    let calls = 0;
    publisher.publish.mockImplementation(async (channel: string, payload: string) => {
      calls += 1;
      if (calls === 3) throw new Error("READONLY You can't write against a read only replica.");
      return publish(channel, payload);
    });
    // Held while Redis is away, then sent as one batch whose third publish fails.
    for (const reader of [1, 2, 3, 4, 5]) await fanOut.publish(1, receipt(reader));
    publisher.status = 'ready';
    publisher.emit('ready');
    await vi.waitFor(() => expect(fanOut.waiting()).toBe(0));
    const sent = publisher.published.map((item) => readerOf(payloadOf(item.payload)));
    // The fourth and fifth went through the first time too: twice rather than never, and the
    // last copies in order after the refused one.
    expect(sent).toEqual([1, 2, 4, 5, 3, 4, 5]);
    await fanOut.close();
  });

  it('counts the oldest messages dropped while their batch was on its way only once', async () => {
    const publisher = fakeConnection();
    publisher.status = 'ready';
    const fanOut = fanOutOver(publisher, { outboxLimit: 3 });
    const publish = publisher.publish.getMockImplementation()!;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    publisher.publish.mockImplementationOnce(async (channel: string, payload: string) => {
      await held;
      return publish(channel, payload);
    });
    // The first goes out alone and waits for its answer; three more overflow the outbox, which
    // drops its oldest: the one on its way.
    await fanOut.publish(1, receipt(1));
    for (const reader of [2, 3, 4]) await fanOut.publish(1, receipt(reader));
    release();
    await vi.waitFor(() => expect(fanOut.waiting()).toBe(0));
    const sent = publisher.published.map((item) => readerOf(payloadOf(item.payload)));
    expect(sent).toEqual([1, 2, 3, 4]);
    await fanOut.close();
  });

  it('answers a relationship event after a second while Redis is away, and sends it once Redis is back', async () => {
    vi.useFakeTimers();
    try {
      const publisher = fakeConnection();
      const fanOut = fanOutOver(publisher);
      let answered = false;
      const publishing = fanOut.publish(7, message('c')).then(() => {
        answered = true;
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(answered).toBe(true);
      await publishing;
      expect(publisher.published).toEqual([]);

      publisher.status = 'ready';
      publisher.emit('ready');
      await vi.advanceTimersByTimeAsync(10);
      expect(publisher.published.map((item) => item.channel)).toEqual(['t:live:7', 't:watch:7']);
      await fanOut.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
