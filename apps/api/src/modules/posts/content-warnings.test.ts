import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_WARNING_KINDS, CONTENT_WARNING_TEXT_MAX, type Post } from '@juntos/domain';
import { communities, communityMembers } from '../../db/schema';
import { createMemberWithProfile, sendForm } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Member = Awaited<ReturnType<typeof createMemberWithProfile>>;

/** Issue 37 point 2: a post can carry its writer's content warning, in the feed and in communities. */
describe('content warnings on posts', () => {
  let t: TestApp;
  let author: Member;
  let reader: Member;
  beforeAll(async () => {
    t = await createTestApp();
    author = await createMemberWithProfile(t.app, { nombre: 'Alba' });
    reader = await createMemberWithProfile(t.app, { nombre: 'Rui' });
  });
  afterAll(async () => t.cleanup());

  const shownTo = async (who: Member, postId: number, url = '/api/posts/?limit=50') => {
    const answer = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${who.access}` },
    });
    return answer.json<{ results: Post[] }>().results.find((post) => post.id === postId);
  };
  const write = (fields: Record<string, string>) =>
    sendForm(t.app, author.access, 'POST', '/api/posts/', fields);

  it('stores each kind of the list, and shows it to readers with the post', async () => {
    for (const kind of CONTENT_WARNING_KINDS.filter((listed) => listed !== 'other')) {
      const created = await write({
        text: `About ${kind}`,
        content_warning: kind,
        content_warning_text: 'ignored',
      });
      expect(created.statusCode, created.body).toBe(201);
      const post = created.json<Post>();
      expect(post.content_warning).toEqual({ kind, text: null });
      expect((await shownTo(reader, post.id))?.content_warning).toEqual({ kind, text: null });
    }
    const plain = (await write({ text: 'Nothing hard here' })).json<Post>();
    expect(plain.content_warning).toBeNull();
    expect(
      (await write({ text: 'Nothing hard here', content_warning: '' })).json<Post>().content_warning,
    ).toBeNull();
  });

  it('asks for the words of a warning of the writer’s own, and refuses what is not on the list, naming the field', async () => {
    const missing = await write({ text: 'Hard news', content_warning: 'other', content_warning_text: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Record<string, string> }>().fields).toEqual({
      content_warning_text: 'Write what the warning is about, or choose a kind from the list.',
    });
    const tooLong = await write({
      text: 'Hard news',
      content_warning: 'other',
      content_warning_text: 'x'.repeat(CONTENT_WARNING_TEXT_MAX + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json<{ fields: Record<string, string> }>().fields)).toEqual([
      'content_warning_text',
    ]);
    const unknown = await write({ text: 'Hard news', content_warning: 'spoilers' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ fields: Record<string, string> }>().fields).toEqual({
      content_warning: 'Choose a warning from the list.',
    });

    const own = await write({
      text: 'Hard news',
      content_warning: 'other',
      content_warning_text: ' A diagnosis ',
    });
    expect(own.json<Post>().content_warning).toEqual({ kind: 'other', text: 'A diagnosis' });
  });

  it('keeps the warning through an edit that does not send it, and removes it when asked', async () => {
    const post = (await write({ text: 'Surgery tomorrow', content_warning: 'surgery' })).json<Post>();
    const url = `/api/posts/${post.id}/`;
    const edited = await sendForm(t.app, author.access, 'PUT', url, { text: 'Surgery went well' });
    expect(edited.json<Post>().content_warning).toEqual({ kind: 'surgery', text: null });
    const changed = await sendForm(t.app, author.access, 'PUT', url, {
      text: 'Surgery went well',
      content_warning: 'strong_feelings',
    });
    expect(changed.json<Post>().content_warning).toEqual({ kind: 'strong_feelings', text: null });
    const cleared = await sendForm(t.app, author.access, 'PUT', url, {
      text: 'All fine',
      content_warning: '',
    });
    expect(cleared.json<Post>().content_warning).toBeNull();
    expect((await shownTo(reader, post.id))?.content_warning).toBeNull();
  });

  it('carries it on a community’s posts too', async () => {
    const [community] = await t.app.database.db
      .insert(communities)
      .values({ kind: 'topic', slug: `warnings-${Date.now()}`, name: { en: 'Warnings' } })
      .returning({ id: communities.id });
    for (const member of [author, reader])
      await t.app.database.db
        .insert(communityMembers)
        .values({ communityId: community!.id, userId: member.user.id });
    const feed = `/api/comunidades/${community!.id}/publicaciones/`;
    const created = await sendForm(t.app, author.access, 'POST', feed, {
      text: 'We lost our son last spring.',
      content_warning: 'death_grief',
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<Post>();
    expect((await shownTo(reader, post.id, feed))?.content_warning).toEqual({
      kind: 'death_grief',
      text: null,
    });
  });
});
