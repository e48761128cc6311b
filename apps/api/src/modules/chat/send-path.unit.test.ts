import type { ServerFrame } from '@juntos/domain';
import { describe, expect, it, vi } from 'vitest';
import { createInProcessFanOut } from '../../realtime/fan-out';
import type { NewMessage, StoreResult } from './chat.repository';
import { MAX_BATCH, createInsertBatcher } from './insert-batch';
import { createWriteContextCache } from './write-context-cache';

const ana = { nombre: 'Ana', apellidos: 'Ruiz' };
/** A friendship change told to a member, as the friendships module publishes it. */
const cancelled = (senderId: number) =>
  ({
    type: 'notification',
    data: { type: 'friendship_cancelled', from: '', sender_id: senderId },
  }) as const;
const chatMessage: ServerFrame = {
  type: 'chat_message',
  id: 1,
  temp_id: null,
  sender_id: 1,
  sender: ana,
  sender_nombre: ana.nombre,
  sender_apellidos: ana.apellidos,
  receiver_id: 2,
  message: 'hola',
  symbols: [],
  timestamp: '2026-11-29T10:00:00.000Z',
  read: false,
  written_with_help: false,
};

describe('the write-context cache', () => {
  it('keeps a yes for the pair until a relationship event reaches either member', async () => {
    const fanOut = createInProcessFanOut();
    const cache = createWriteContextCache({ fanOut });
    for (const [member, event] of [
      [1, cancelled(2)],
      [2, cancelled(1)],
      [2, { type: 'session_ended', reason: 'suspended' }],
    ] as const) {
      cache.remember(1, 2, ana, cache.begin(1, 2));
      expect(cache.get(1, 2)).toEqual(ana);
      // The chat's own traffic changes nothing.
      await fanOut.publishToEach([1, 2], chatMessage);
      await fanOut.publish(member, { type: 'status_update', user_id: 3, online: true });
      expect(cache.get(1, 2)).toEqual(ana);
      await fanOut.publish(member, event);
      expect(cache.get(1, 2)).toBeUndefined();
    }
    cache.close();
  });

  it('does not keep a yes read while an event arrived, and forgets it after the TTL', async () => {
    const fanOut = createInProcessFanOut();
    let time = 1_000;
    const cache = createWriteContextCache({ fanOut, ttlMs: 100, now: () => time });
    const since = cache.begin(1, 2);
    await fanOut.publish(1, cancelled(2));
    cache.remember(1, 2, ana, since);
    expect(cache.get(1, 2)).toBeUndefined();

    cache.remember(1, 2, ana, cache.begin(1, 2));
    time += 99;
    expect(cache.get(1, 2)).toEqual(ana);
    time += 1;
    expect(cache.get(1, 2)).toBeUndefined();
    cache.close();
  });

  it('keeps at most maxEntries pairs, dropping the oldest', () => {
    const cache = createWriteContextCache({ fanOut: createInProcessFanOut(), maxEntries: 2 });
    for (const receiver of [2, 3, 4]) cache.remember(1, receiver, ana, cache.begin(1, receiver));
    expect(cache.size()).toBe(2);
    expect([2, 3, 4].map((receiver) => cache.get(1, receiver))).toEqual([undefined, ana, ana]);
    cache.close();
  });

  it('stops listening to a member once the cache holds none of their pairs', () => {
    const fanOut = createInProcessFanOut();
    const watch = vi.spyOn(fanOut, 'watch');
    vi.useFakeTimers();
    try {
      const cache = createWriteContextCache({ fanOut, ttlMs: 100 });
      cache.remember(1, 2, ana, cache.begin(1, 2));
      expect(watch).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(100);
      expect(cache.size()).toBe(0);
      vi.advanceTimersByTime(100);
      cache.remember(1, 2, ana, cache.begin(1, 2));
      // Watched again: the first watches ended with the pair.
      expect(watch).toHaveBeenCalledTimes(4);
      cache.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a yes whose read outlived the subscriptions begun for it', async () => {
    const fanOut = createInProcessFanOut();
    vi.useFakeTimers();
    try {
      const cache = createWriteContextCache({ fanOut, ttlMs: 100 });
      const since = cache.begin(1, 2);
      // A slow read: the sweep stops listening to members without pairs, then the unfriend is
      // published to nobody.
      vi.advanceTimersByTime(100);
      await fanOut.publish(1, cancelled(2));
      cache.remember(1, 2, ana, since);
      expect(cache.get(1, 2)).toBeUndefined();
      cache.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

const stored = (value: NewMessage, id: number): StoreResult => ({
  message: {
    id,
    ...value,
    symbols: null,
    createdAt: new Date(),
    readAt: null,
    formerSender: null,
    helperId: value.helperId ?? null,
  },
  isNew: true,
});

describe('the insert batcher', () => {
  it('writes what is sent at the same moment in one statement, each caller getting its own row', async () => {
    let nextId = 1;
    const storeMany = vi.fn(async (values: readonly NewMessage[]) =>
      values.map((value) => stored(value, nextId++)),
    );
    const store = vi.fn(async (value: NewMessage) => stored(value, nextId++));
    const batcher = createInsertBatcher({ storeMany, store });
    const values = Array.from({ length: MAX_BATCH + 5 }, (_, index) => ({
      senderId: 1 + (index % 7),
      receiverId: 100,
      tempId: `t-${index}`,
      message: `message ${index}`,
    }));
    const results = await Promise.all(values.map((value) => batcher.store(value)));
    expect(storeMany).toHaveBeenCalledTimes(2);
    expect(storeMany.mock.calls.map(([batch]) => batch.length)).toEqual([MAX_BATCH, 5]);
    expect(store).not.toHaveBeenCalled();
    expect(results.map((result) => result?.message.tempId)).toEqual(values.map((value) => value.tempId));
    expect(new Set(results.map((result) => result?.message.id)).size).toBe(values.length);
    expect(batcher.waiting()).toBe(0);
  });

  it('retries a failed batch one message at a time, so only the bad message fails', async () => {
    const storeMany = vi.fn(async () => {
      throw new Error('foreign key');
    });
    const store = vi.fn(async (value: NewMessage) => {
      if (value.receiverId === 666) throw new Error('foreign key');
      return stored(value, value.senderId);
    });
    const batcher = createInsertBatcher({ storeMany, store });
    const results = await Promise.allSettled(
      [1, 2, 3].map((senderId) =>
        batcher.store({ senderId, receiverId: senderId === 2 ? 666 : 100, tempId: null, message: 'x' }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(store).toHaveBeenCalledTimes(3);
  });
});
