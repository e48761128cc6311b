import { afterAll, describe, expect, it } from 'vitest';
import { chatSockets, type Frame } from '../../test-support/chat-client';
import { createFriendPair, createMemberWithProfile, makeFriends } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';

const isMessage = (text: string) => (frame: Frame) => frame.type === 'chat_message' && frame.message === text;
const refused = (tempId: string) => (frame: Frame) =>
  frame.type === 'error' && frame.code === 'bloqueado' && frame.temp_id === tempId;

/**
 * The send path's shortcuts (decision 0018): "may these two chat" is remembered per pair, and
 * messages sent at the same moment share one INSERT. Neither may let a message through after the
 * friendship ended, nor lose, repeat or reorder one.
 */
describe('chat send path', () => {
  const world = testAppWithMembers({ listening: true });
  const sockets = chatSockets();
  // Registered after the app's hooks, so it runs before the app closes.
  afterAll(async () => sockets.closeAll());

  const open = (member: Member) => sockets.open(world.app, member.access);
  const call = (method: 'POST' | 'DELETE', url: string, member: Member) =>
    world.app.inject({ method, url, headers: { authorization: `Bearer ${member.access}` } });
  const message = (to: Member, text: string, tempId: string) => ({
    receiver_id: to.user.id,
    message: text,
    temp_id: tempId,
    active_conversation_with: to.user.id,
  });

  // Each case first has a message accepted, so the pair's "yes" is remembered, then changes the
  // relationship and expects the very next message refused.
  const endings: [string, (ana: Member, bruno: Member) => string[]][] = [
    ['the sender ends the friendship', (ana, bruno) => ['DELETE', `/api/amigos/${bruno.user.id}/`, 'ana']],
    ['the receiver ends the friendship', (ana) => ['DELETE', `/api/amigos/${ana.user.id}/`, 'bruno']],
    ['the sender blocks the receiver', (_ana, bruno) => ['POST', `/api/bloqueos/${bruno.user.id}/`, 'ana']],
    ['the receiver blocks the sender', (ana) => ['POST', `/api/bloqueos/${ana.user.id}/`, 'bruno']],
  ];
  for (const [name, change] of endings)
    it(`refuses the next message at once when ${name}`, async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const [anaSocket, brunoSocket] = await Promise.all([open(ana), open(bruno)]);
      anaSocket.send(message(bruno, 'before', 'before-1'));
      await brunoSocket.waitFor(isMessage('before'));
      anaSocket.send(message(bruno, 'still friends', 'before-2'));
      await brunoSocket.waitFor(isMessage('still friends'));

      const [method, url, actor] = change(ana, bruno);
      const answer = await call(method as 'POST' | 'DELETE', url ?? '', actor === 'ana' ? ana : bruno);
      expect(answer.statusCode).toBeLessThan(300);
      anaSocket.send(message(bruno, 'after', 'after-1'));
      await anaSocket.waitFor(refused('after-1'));
      expect(brunoSocket.frames.filter(isMessage('after'))).toEqual([]);
    });

  it('accepts a message at once when the two became friends after a refusal (a refusal is not remembered)', async () => {
    const ana = await createMemberWithProfile(world.app, { nombre: 'Ana' });
    const bruno = await createMemberWithProfile(world.app, { nombre: 'Bruno' });
    const [anaSocket, brunoSocket] = await Promise.all([open(ana), open(bruno)]);
    anaSocket.send(message(bruno, 'too soon', 'soon-1'));
    await anaSocket.waitFor(refused('soon-1'));
    await makeFriends(world.app, ana.user.id, bruno.user.id);
    anaSocket.send(message(bruno, 'friends now', 'now-1'));
    await brunoSocket.waitFor(isMessage('friends now'));
  });

  it('stores messages sent at the same moment by many pairs: each once, with its own id, in order per conversation', async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, () => createFriendPair(world.app)));
    const opened = await Promise.all(
      pairs.map(async ([ana, bruno]) => ({ ana, bruno, from: await open(ana), to: await open(bruno) })),
    );
    const perPair = 12;
    // Every pair's messages leave in the same turn of the loop, so they meet in the same batches.
    for (let index = 0; index < perPair; index += 1)
      for (const { bruno, from } of opened) from.send(message(bruno, `m${index}`, `batch-${index}`));
    const ids: number[] = [];
    for (const { to } of opened) {
      await to.waitFor(isMessage(`m${perPair - 1}`), 20_000);
      const received = to.frames.filter((frame) => frame.type === 'chat_message');
      expect(received.map((frame) => frame.message)).toEqual(
        Array.from({ length: perPair }, (_, index) => `m${index}`),
      );
      const own = received.map((frame) => Number(frame.id));
      expect(own).toEqual([...own].sort((x, y) => x - y));
      ids.push(...own);
    }
    expect(new Set(ids).size).toBe(pairs.length * perPair);
    // Each sender heard each of its own messages once, with the id the receiver got.
    for (const { from, to } of opened) {
      const echoed = from.frames.filter((frame) => frame.type === 'chat_message').map((frame) => frame.id);
      expect(echoed).toEqual(
        to.frames.filter((frame) => frame.type === 'chat_message').map((frame) => frame.id),
      );
    }
  });
});
