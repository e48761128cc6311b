import { randomUUID } from 'node:crypto';
import type { Page, Post } from '@juntos/domain';
import { sql } from 'drizzle-orm';
import { firstRowOf } from '../../db/database';
import { describe, expect, it } from 'vitest';
import { createMemberWithProfile, sendForm } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { requestAs } from '../../test-support/requests';

/**
 * The flat feed of issue 19 (decision 0016): likes counted on the post by triggers must stay
 * exactly the number of likes, the safeguarding lists must apply from the next request, and the
 * prepared page statements must page exactly as the list does.
 */
describe('the flat feed', () => {
  const world = testAppWithMembers();

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, access: string, payload?: object) =>
    requestAs(world.app, access, method, url, payload);
  const newPost = async (access: string, text: string) =>
    (await sendForm(world.app, access, 'POST', '/api/posts/', { text })).json<Post>();
  const search = async (access: string, query: string) =>
    (await call('GET', `/api/posts/search/?${query}`, access)).json<Page<Post>>();
  const run = (statement: ReturnType<typeof sql>) => world.app.database.db.execute(statement);
  const firstRow = <Row>(statement: ReturnType<typeof sql>) =>
    firstRowOf<Row>(world.app.database.db, statement);
  /** The stored counter next to the likes actually there. */
  const counted = (postId: number) =>
    firstRow<{ stored: number; actual: number }>(
      sql`select likes_count as stored, (select count(*)::int from likes where content_kind = 'post' and content_id = ${postId}) as actual from posts where id = ${postId}`,
    );
  const seenBy = async (access: string, word: string, postId: number) =>
    (await search(access, `q=${word}&limit=50`)).results.find((post) => post.id === postId);
  /** A new member's post holding a word of its own, so a search finds just that post. */
  const freshPost = async (label: string) => {
    const word = `${label}${randomUUID().slice(0, 8)}`;
    const author = await createMemberWithProfile(world.app);
    return { word, author, post: await newPost(author.access, `${label} ${word}`) };
  };

  it('keeps likes_count exactly the number of likes through likes, unlikes, and a liker erased', async () => {
    const { word, author, post } = await freshPost('counted');
    const members = await Promise.all(Array.from({ length: 6 }, () => createMemberWithProfile(world.app)));
    await Promise.all(members.map((member) => call('POST', `/api/posts/${post.id}/like/`, member.access)));
    expect(await counted(post.id)).toEqual({ stored: 6, actual: 6 });
    // Unlike and like again at once: every toggle is one statement, so the counter follows each.
    await Promise.all(
      members.slice(0, 3).map((member) => call('POST', `/api/posts/${post.id}/like/`, member.access)),
    );
    expect(await counted(post.id)).toEqual({ stored: 3, actual: 3 });
    expect(await seenBy(author.access, word, post.id)).toMatchObject({ likes_count: 3 });
    // A liker's account deleted takes their like with it (the cascade), and the count follows.
    await run(sql`delete from users where id = ${members[5]?.user.id}`);
    expect(await counted(post.id)).toEqual({ stored: 2, actual: 2 });
    expect(await seenBy(author.access, word, post.id)).toMatchObject({ likes_count: 2 });
  });

  it('keeps likes_count through a like moved to another post, a gallery like, and a liked post deleted', async () => {
    const { post } = await freshPost('moved');
    const { author: otherAuthor, post: other } = await freshPost('target');
    const likers = await Promise.all([
      createMemberWithProfile(world.app),
      createMemberWithProfile(world.app),
    ]);
    for (const liker of likers) await call('POST', `/api/posts/${post.id}/like/`, liker.access);
    // No code moves a like today; the UPDATE trigger keeps the counter right if one ever does.
    await run(
      sql`update likes set content_id = ${other.id} where content_kind = 'post' and content_id = ${post.id} and user_id = ${likers[0]?.user.id}`,
    );
    expect(await counted(post.id)).toEqual({ stored: 1, actual: 1 });
    expect(await counted(other.id)).toEqual({ stored: 1, actual: 1 });
    // A gallery picture's like with the post's id is not the post's.
    await run(
      sql`insert into likes (content_kind, content_id, user_id) values ('gallery_image', ${post.id}, ${likers[0]?.user.id})`,
    );
    expect(await counted(post.id)).toEqual({ stored: 1, actual: 1 });
    // Deleting a liked post deletes its likes (0017's trigger), which updates no other post.
    expect((await call('DELETE', `/api/posts/${other.id}/`, otherAuthor.access)).statusCode).toBe(200);
    expect(await counted(other.id)).toBeUndefined();
    expect(await counted(post.id)).toEqual({ stored: 1, actual: 1 });
  });

  it('counts comments as each viewer may see them: a hidden comment, a deleted one', async () => {
    const { word, author, post } = await freshPost('comments');
    const commenter = await createMemberWithProfile(world.app);
    for (const text of ['one', 'two', 'three'])
      await call('POST', `/api/posts/${post.id}/comment/`, commenter.access, { text });
    expect(await seenBy(author.access, word, post.id)).toMatchObject({ comments_count: 3 });
    await run(
      sql`update comments set hidden_at = now() where content_kind = 'post' and content_id = ${post.id} and text = 'one'`,
    );
    // Hidden: the post's author no longer counts it; its writer still does (and sees why).
    expect(await seenBy(author.access, word, post.id)).toMatchObject({ comments_count: 2 });
    expect(await seenBy(commenter.access, word, post.id)).toMatchObject({ comments_count: 3 });
    await run(
      sql`delete from comments where content_kind = 'post' and content_id = ${post.id} and text = 'two'`,
    );
    expect(await seenBy(author.access, word, post.id)).toMatchObject({ comments_count: 1 });
    expect(await seenBy(commenter.access, word, post.id)).toMatchObject({ comments_count: 2 });
  });

  it("drops a suspended author's posts from the next page at once, and brings them back on unsuspend", async () => {
    const { word, author, post } = await freshPost('suspended');
    const reader = await createMemberWithProfile(world.app);
    expect(await seenBy(reader.access, word, post.id)).toBeDefined();
    await run(sql`update users set suspended_at = now() where id = ${author.user.id}`);
    expect(await seenBy(reader.access, word, post.id)).toBeUndefined();
    expect((await call('GET', '/api/posts/?limit=50', reader.access)).json<Page<Post>>().results).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ id: post.id })]),
    );
    await run(sql`update users set suspended_at = null where id = ${author.user.id}`);
    expect(await seenBy(reader.access, word, post.id)).toBeDefined();
  });

  it('pages deep exactly as the same slice of the whole list', async () => {
    const word = `paged${randomUUID().slice(0, 8)}`;
    const author = await createMemberWithProfile(world.app);
    const reader = await createMemberWithProfile(world.app);
    for (let index = 0; index < 23; index++) await newPost(author.access, `Post ${index} ${word}`);
    const whole = (await search(reader.access, `q=${word}&limit=50`)).results.map((post) => post.id);
    expect(whole).toHaveLength(23);
    const paged: number[] = [];
    for (let offset = 0; offset < 25; offset += 5) {
      const page = await search(reader.access, `q=${word}&limit=5&offset=${offset}`);
      expect(page.results.map((post) => post.id)).toEqual(whole.slice(offset, offset + 5));
      paged.push(...page.results.map((post) => post.id));
    }
    expect(paged).toEqual(whole);
  });

  it('pages by position with `before`: the same posts as the whole list, each once', async () => {
    const author = await createMemberWithProfile(world.app, { country: 'lv', ciudad: '' });
    const reader = await createMemberWithProfile(world.app);
    const ours = new Set<number>();
    for (let index = 0; index < 12; index++) ours.add((await newPost(author.access, `Cursor ${index}`)).id);
    const feed = async (url: string) => (await call('GET', url, reader.access)).json<Page<Post>>();
    const whole = (await feed('/api/posts/?country=lv&limit=50')).results.map((post) => post.id);
    const first = await feed('/api/posts/?country=lv&limit=5');
    const lastOfFirst = first.results.at(-1)?.id ?? 0;
    let next: string | null = `/api/posts/?country=lv&limit=5&before=${lastOfFirst}`;
    const walked = first.results.map((post) => post.id);
    while (next) {
      const page = await feed(next);
      walked.push(...page.results.map((post) => post.id));
      if (page.next)
        expect(page.next).toBe(`/api/posts/?limit=5&country=lv&before=${page.results.at(-1)?.id}`);
      next = page.next;
    }
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.filter((id) => ours.has(id))).toEqual(whole.filter((id) => ours.has(id)));
    expect(walked.filter((id) => ours.has(id))).toHaveLength(12);
    // `offset` counts from the cursor.
    const skipped = await feed(`/api/posts/?country=lv&limit=2&offset=3&before=${lastOfFirst}`);
    const index = walked.indexOf(lastOfFirst);
    expect(skipped.results.map((post) => post.id)).toEqual(walked.slice(index + 4, index + 6));
  });

  it('refuses a `before` that is not a post id, naming the field in the reader’s language', async () => {
    const reader = await createMemberWithProfile(world.app);
    for (const before of ['abc', '0', '-3', '1.5']) {
      const answer = await world.app.inject({
        method: 'GET',
        url: `/api/posts/?before=${before}`,
        headers: { authorization: `Bearer ${reader.access}`, 'accept-language': 'es' },
      });
      expect(answer.statusCode, before).toBe(400);
      expect(answer.json(), before).toMatchObject({
        code: 'validation_failed',
        fields: { before: 'Algunos campos no son válidos.' },
      });
    }
  });
});
