import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYMBOL_LIMITS } from '@juntos/domain';
import { chatMessages } from '../../db/schema';
import { chatSockets, type Frame } from '../../test-support/chat-client';
import { makeFriends } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';

/** Issue 21: a chat message written with the symbol board carries the ids of its symbols. */
describe('chat messages written with symbols', () => {
  const world = testAppWithMembers({
    listening: true,
    members: { ana: { nombre: 'Ana' }, bruno: { nombre: 'Bruno' } },
  });
  beforeAll(async () => makeFriends(world.app, world.ana.user.id, world.bruno.user.id));
  const sockets = chatSockets();
  // Registered after the app's hooks, so it runs before the app closes.
  afterAll(async () => sockets.closeAll());
  const open = (member: Member) => sockets.open(world.app, member.access);
  const storedWith = async (text: string) =>
    world.app.database.db.select().from(chatMessages).where(eq(chatMessages.message, text));

  it('stores the symbols, delivers them to the friend and shows them in the history', async () => {
    const [sender, receiver] = await Promise.all([open(world.ana), open(world.bruno)]);
    const text = 'I want doctor pain';
    sender.send({
      receiver_id: world.bruno.user.id,
      message: text,
      temp_id: 's1',
      symbols: ['i_want', 'doctor', 'pain'],
    });
    // A message without symbols in the same batch keeps none (and the column stays null).
    sender.send({ receiver_id: world.bruno.user.id, message: 'Plain words', temp_id: 's2' });
    const delivered = await receiver.waitFor(
      (frame) => frame.type === 'chat_message' && frame.message === text,
    );
    expect(delivered.symbols).toEqual(['i_want', 'doctor', 'pain']);
    const plain = await receiver.waitFor((frame) => frame.message === 'Plain words');
    expect(plain.symbols).toEqual([]);

    expect((await storedWith(text))[0]?.symbols).toEqual(['i_want', 'doctor', 'pain']);
    expect((await storedWith('Plain words'))[0]?.symbols).toBeNull();

    const history = (
      await world.app.inject({
        method: 'GET',
        url: `/api/chat/historial/${world.ana.user.id}/`,
        headers: { authorization: `Bearer ${world.bruno.access}` },
      })
    ).json<{ results: Frame[] }>();
    expect(history.results.find((message) => message.message === text)?.symbols).toEqual([
      'i_want',
      'doctor',
      'pain',
    ]);
  });

  it('refuses ids that are not on the board, and more than the limit, storing nothing', async () => {
    const sender = await open(world.ana);
    sender.send({
      receiver_id: world.bruno.user.id,
      message: 'Unknown symbol',
      temp_id: 'u1',
      symbols: ['pain', 'unicorn'],
    });
    const unknown = await sender.waitFor((frame) => frame.type === 'error' && frame.temp_id === 'u1');
    expect(unknown).toMatchObject({
      code: 'invalid_symbols',
      error: 'One of the symbols is not on the board. Choose the symbols from the board, then try again.',
    });

    const tooMany = Array.from({ length: SYMBOL_LIMITS.perMessage + 1 }, () => 'yes');
    sender.send({ receiver_id: world.bruno.user.id, message: 'Too many', temp_id: 'u2', symbols: tooMany });
    const refused = await sender.waitFor((frame) => frame.type === 'error' && frame.temp_id === 'u2');
    expect(refused).toMatchObject({ code: 'invalid_symbols' });
    expect(String(refused.error)).toMatch(/Too many symbols/);

    sender.send({ receiver_id: world.bruno.user.id, message: 'Wrong shape', temp_id: 'u3', symbols: 'pain' });
    expect(
      await sender.waitFor((frame) => frame.type === 'error' && frame.temp_id === undefined),
    ).toMatchObject({
      code: 'invalid_frame',
    });

    expect(await storedWith('Unknown symbol')).toEqual([]);
    expect(await storedWith('Too many')).toEqual([]);
    expect(await storedWith('Wrong shape')).toEqual([]);
  });
});
