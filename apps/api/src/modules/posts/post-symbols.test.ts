import { describe, expect, it } from 'vitest';
import { SYMBOL_LIMITS, type Post } from '@juntos/domain';
import { multipartBody, sendForm } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';

/** Issue 21: a post written with the symbol board carries the ids of its symbols. */
describe('posts written with symbols', () => {
  const world = testAppWithMembers({ members: { author: { nombre: 'Alba' }, reader: { nombre: 'Rui' } } });

  const feed = async (who: Member) =>
    (
      await world.app.inject({
        method: 'GET',
        url: '/api/posts/?limit=20&offset=0',
        headers: { authorization: `Bearer ${who.access}` },
      })
    ).json<{ results: Post[] }>().results;

  it('stores them and shows them in the feed; an edit without the field keeps them', async () => {
    const created = await sendForm(world.app, world.author.access, 'POST', '/api/posts/', {
      text: 'Tired pain hospital',
      symbols: 'tired,pain,hospital',
    });
    expect(created.statusCode).toBe(201);
    const post = created.json<Post>();
    expect(post.symbols).toEqual(['tired', 'pain', 'hospital']);
    expect((await feed(world.reader)).find((shown) => shown.id === post.id)?.symbols).toEqual([
      'tired',
      'pain',
      'hospital',
    ]);

    const edited = await sendForm(world.app, world.author.access, 'PUT', `/api/posts/${post.id}/`, {
      text: 'Tired pain',
    });
    expect(edited.json<Post>().symbols).toEqual(['tired', 'pain', 'hospital']);
    const cleared = await sendForm(world.app, world.author.access, 'PUT', `/api/posts/${post.id}/`, {
      text: 'Tired',
      symbols: '',
    });
    expect(cleared.json<Post>().symbols).toEqual([]);

    const plain = await sendForm(world.app, world.author.access, 'POST', '/api/posts/', {
      text: 'No symbols',
    });
    expect(plain.json<Post>().symbols).toEqual([]);
  });

  it('refuses unknown ids and too many, naming the field, and publishes nothing', async () => {
    const before = (await feed(world.author)).length;
    const form = await multipartBody({ text: 'Hello', symbols: 'hello,unicorn' });
    const unknown = await world.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: { ...form.headers, authorization: `Bearer ${world.author.access}`, 'accept-language': 'fr' },
      payload: form.payload,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      fields: {
        symbols:
          'Un des symboles n’est pas sur le tableau. Choisissez les symboles du tableau, puis réessayez.',
      },
    });
    const tooMany = await sendForm(world.app, world.author.access, 'POST', '/api/posts/', {
      text: 'Hello',
      symbols: Array.from({ length: SYMBOL_LIMITS.perMessage + 1 }, () => 'yes').join(','),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ fields: { symbols: expect.stringMatching(/Too many symbols/) } });
    expect(await feed(world.author)).toHaveLength(before);
  });
});
