import { describe, expect, it } from 'vitest';
import { connectChat, type ChatClient, type Frame } from '../../test-support/chat-client';
import { createFriendPair } from '../../test-support/profiles';
import { twoInstancesThroughRedis } from '../../test-support/two-instances';
import { CHAT_RATE_LIMIT } from './chat.service';

const redisUrl = process.env.REDIS_URL;

/**
 * The chat's send limit counts a member's messages on every instance together, though each
 * instance answers without waiting for Redis (decision 0051). Runs when REDIS_URL is set.
 */
describe.skipIf(!redisUrl)('the chat send limit across two instances', () => {
  const instances = twoInstancesThroughRedis(redisUrl ?? '', { RATE_LIMIT_SCALE: '1' }, { listen: true });

  /** Sends one message and waits for its answer: the stored message, or a refusal. */
  async function send(socket: ChatClient, receiverId: number, tempId: string): Promise<'stored' | 'refused'> {
    socket.send({ receiver_id: receiverId, message: tempId, temp_id: tempId });
    const answer = await socket.waitFor(
      (frame: Frame) => frame.temp_id === tempId && (frame.type === 'chat_message' || frame.type === 'error'),
    );
    if (answer.type === 'chat_message') return 'stored';
    expect(answer.code).toBe('rate_limited');
    return 'refused';
  }

  it('refuses on both instances once their sends together spend the window', async () => {
    // The window runs on the real time: a round counts only when it fits inside one window, and
    // a starved machine gets another round with a new pair.
    const { a, b, redis } = instances;
    for (let round = 1; ; round += 1) {
      const [ana, bruno] = await createFriendPair(a.app);
      const onA = await connectChat(a.app, ana.access);
      const onB = await connectChat(b.app, ana.access);
      const started = performance.now();
      const half = CHAT_RATE_LIMIT.messages / 2;
      const outcomes: string[] = [];
      for (let index = 0; index < CHAT_RATE_LIMIT.messages; index += 1)
        outcomes.push(await send(index % 2 === 0 ? onA : onB, bruno.user.id, `r${round}-${index}`));
      // Each instance has counted only half the limit itself; what it refuses now, it refuses
      // because of the other's sends. It may let one more through while Redis's answer is on its
      // way; never its own half of the window again.
      const extra = { a: 0, b: 0 };
      for (const [name, socket] of [['a', onA] as const, ['b', onB] as const])
        for (let index = 0; index < half; index += 1) {
          if ((await send(socket, bruno.user.id, `r${round}-${name}-${index}`)) === 'refused') break;
          extra[name] += 1;
        }
      const inOneWindow = performance.now() - started < CHAT_RATE_LIMIT.windowMs;
      await Promise.all([onA.close(), onB.close()]);
      if (inOneWindow || round === 3) {
        expect(inOneWindow, 'three rounds, none inside one rate-limit window').toBe(true);
        expect(outcomes).toEqual(Array.from({ length: CHAT_RATE_LIMIT.messages }, () => 'stored'));
        expect(extra.a).toBeLessThan(half);
        expect(extra.b).toBeLessThan(half);
        const stored = await b.app.inject({
          method: 'GET',
          url: `/api/chat/historial/${ana.user.id}/`,
          headers: { authorization: `Bearer ${bruno.access}` },
        });
        expect(stored.json<{ results: unknown[] }>().results).toHaveLength(
          CHAT_RATE_LIMIT.messages + extra.a + extra.b,
        );
        // The shared counter lives under the deployment's prefix, with no member id in its key.
        // One key per round's member; an earlier round's may have ended with its window.
        const keys = await redis.keys('rate:chat-send*');
        expect(keys.length).toBeGreaterThanOrEqual(1);
        expect(keys.length).toBeLessThanOrEqual(round);
        expect(keys.some((key) => key.endsWith(`:${ana.user.id}`))).toBe(false);
        return;
      }
    }
  });
});
