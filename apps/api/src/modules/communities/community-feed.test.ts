import {
  birthDateBounds,
  PINNED_POSTS_SHOWN,
  todayIso,
  type MemberNotice,
  type Page,
  type Post,
} from '@juntos/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communities, communityMembers, posts } from '../../db/schema';
import { createActiveMember, minorPayload } from '../../test-support/accounts';
import { approveMinor } from '../../test-support/admins';
import {
  completeProfile,
  createMemberWithProfile,
  imageFile,
  putProfile,
  sendForm,
} from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Member = Awaited<ReturnType<typeof createMemberWithProfile>>;

describe('a community feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  let sequence = 0;
  /** A community of its own per test: the suite's PostgreSQL run shares one database. */
  async function community(...members: Member[]) {
    sequence += 1;
    const [row] = await t.app.database.db
      .insert(communities)
      .values({ kind: 'topic', slug: `feed-test-${Date.now()}-${sequence}`, name: { en: 'Test' } })
      .returning({ id: communities.id });
    if (!row) throw new Error('no community');
    for (const member of members) await join(row.id, member);
    return row.id;
  }
  const join = (communityId: number, member: Member) =>
    t.app.database.db.insert(communityMembers).values({ communityId, userId: member.user.id });

  async function reviewedMinor() {
    const account = await createActiveMember(t.app, minorPayload());
    const birth = birthDateBounds('menor', todayIso()).max;
    const saved = await putProfile(t.app, account.access, completeProfile({ date_of_birth: birth }));
    if (saved.statusCode !== 200) throw new Error(saved.body);
    await approveMinor(t.app, account.user.id);
    return account;
  }

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, member: Member, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${member.access}`, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const feedUrl = (id: number) => `/api/comunidades/${id}/publicaciones/`;
  const post = async (id: number, member: Member, text: string) => {
    const answer = await sendForm(t.app, member.access, 'POST', feedUrl(id), { text });
    if (answer.statusCode !== 201) throw new Error(answer.body);
    return answer.json<Post>();
  };
  const page = async (id: number, member: Member, query = '') =>
    (await call('GET', `${feedUrl(id)}?${query}`, member)).json<Page<Post>>();
  const texts = (answer: Page<Post>) => answer.results.map((item) => item.text);
  const pin = (postId: number, minutesAgo: number) =>
    t.app.database.db
      .update(posts)
      .set({ pinnedAt: new Date(Date.now() - minutesAgo * 60_000) })
      .where(eq(posts.id, postId));

  it('lets members post with an image, and answers as the main feed does', async () => {
    const ana = await createMemberWithProfile(t.app);
    const id = await community(ana);
    const created = await sendForm(
      t.app,
      ana.access,
      'POST',
      feedUrl(id),
      { title: 'Hello', text: '  Welcome all  ', image_alt: 'A green square' },
      await imageFile(),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json<Post>()).toMatchObject({
      title: 'Hello',
      text: 'Welcome all',
      image_alt: 'A green square',
      community_id: id,
      pinned: false,
      is_author: true,
      likes_count: 0,
      comments: [],
    });
    const empty = await sendForm(t.app, ana.access, 'POST', feedUrl(id), { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ fields: Record<string, string> }>().fields.text).toBe(
      'Please write some text for your post.',
    );
    expect(texts(await page(id, ana))).toEqual(['Welcome all']);
  });

  it('refuses posts, likes and comments from non-members (403, translated), who may still read', async () => {
    const ana = await createMemberWithProfile(t.app);
    const ben = await createMemberWithProfile(t.app);
    const id = await community(ana);
    const written = await post(id, ana, 'Members only here');

    const refused = await sendForm(t.app, ben.access, 'POST', feedUrl(id), { text: 'Let me in' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'members_only',
      error: 'Only members of this community can do this. Join it first.',
    });
    const like = await call('POST', `/api/posts/${written.id}/like/`, ben);
    expect(like.statusCode).toBe(403);
    expect(like.json<{ code: string }>().code).toBe('members_only');
    const comment = await call('POST', `/api/posts/${written.id}/comment/`, ben, { text: 'Hi' });
    expect(comment.statusCode).toBe(403);
    expect(texts(await page(id, ben))).toEqual(['Members only here']);

    await join(id, ben);
    expect((await call('POST', `/api/posts/${written.id}/like/`, ben)).json()).toEqual({
      liked: true,
      total_likes: 1,
    });
    expect((await call('POST', `/api/posts/${written.id}/comment/`, ben, { text: 'Hi' })).statusCode).toBe(
      201,
    );
    expect((await page(id, ana)).results[0]).toMatchObject({ likes_count: 1, comments_count: 1 });

    const missing = await call('GET', feedUrl(999_999_999), ana);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: string }>().error).toBe('This community does not exist.');
    expect((await sendForm(t.app, ana.access, 'POST', feedUrl(999_999_999), { text: 'x' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: feedUrl(id) })).statusCode).toBe(401);
  });

  it('pages newest first with the pinned posts leading the first page only, each post once', async () => {
    const ana = await createMemberWithProfile(t.app);
    const id = await community(ana);
    const written: Post[] = [];
    for (let i = 1; i <= 12; i += 1) written.push(await post(id, ana, `Post ${i}`));
    await pin(written[2]?.id ?? 0, 10);
    await pin(written[0]?.id ?? 0, 5);

    const first = await page(id, ana, 'limit=5');
    expect(texts(first)).toEqual(['Post 1', 'Post 3', 'Post 12', 'Post 11', 'Post 10', 'Post 9', 'Post 8']);
    expect(first.results.slice(0, 2).every((item) => item.pinned)).toBe(true);
    expect(first.next).toBe(`${feedUrl(id)}?limit=5&offset=5`);
    const second = await page(id, ana, 'limit=5&offset=5');
    expect(texts(second)).toEqual(['Post 7', 'Post 6', 'Post 5', 'Post 4', 'Post 2']);
    expect(second.next).toBeNull();

    // At most PINNED_POSTS_SHOWN lead the page, the newest pins first.
    for (const [index, item] of written.slice(3, 3 + PINNED_POSTS_SHOWN).entries()) await pin(item.id, index);
    const crowded = await page(id, ana, 'limit=5');
    expect(crowded.results.filter((item) => item.pinned)).toHaveLength(PINNED_POSTS_SHOWN);
    expect(texts(crowded).slice(0, PINNED_POSTS_SHOWN)).toEqual(['Post 4', 'Post 5', 'Post 6']);
  });

  it('searches within the community only, pinned posts where they were written', async () => {
    const ana = await createMemberWithProfile(t.app);
    const id = await community(ana);
    const other = await community(ana);
    const word = `Axolotl${Date.now()}`;
    for (let i = 1; i <= 6; i += 1) await post(id, ana, `About ${word.toLowerCase()} ${i}`);
    await post(id, ana, 'Unrelated');
    await post(other, ana, `${word} elsewhere`);
    const first = await page(id, ana, `q=${word}`);
    expect(texts(first)).toEqual([6, 5, 4, 3, 2].map((n) => `About ${word.toLowerCase()} ${n}`));
    expect(first.next).toBe(`${feedUrl(id)}?q=${word}&limit=5&offset=5`);
    expect(texts(await page(id, ana, `q=${word}&offset=5`))).toEqual([`About ${word.toLowerCase()} 1`]);
    expect((await call('GET', `${feedUrl(id)}?q=`, ana)).statusCode).toBe(400);
  });

  it('reads a page in the same number of statements with 5 or 50 posts, pinned ones included', async () => {
    const ana = await createMemberWithProfile(t.app);
    const readers = await Promise.all([1, 2].map(() => createMemberWithProfile(t.app)));
    const id = await community(ana, ...readers);
    const statementsFor = async (query: string) => {
      const before = t.app.database.queryCount();
      const answer = await page(id, ana, query);
      return { statements: t.app.database.queryCount() - before, size: answer.results.length };
    };
    const addPosts = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        const written = await post(id, ana, `Counted ${i}`);
        for (const reader of readers) {
          await call('POST', `/api/posts/${written.id}/like/`, reader);
          await call('POST', `/api/posts/${written.id}/comment/`, reader, { text: 'hi' });
        }
      }
    };
    await addPosts(6);
    const small = await statementsFor('limit=5');
    await addPosts(50);
    const pinned = (await page(id, ana, 'limit=50&offset=5')).results.slice(0, 2);
    for (const item of pinned) await pin(item.id, 1);
    const large = await statementsFor('limit=50');
    const deep = await statementsFor('limit=5&offset=40');
    const searched = await statementsFor('q=Counted&limit=50');
    expect(small.size).toBe(5);
    expect(large.size).toBe(52);
    expect(deep.size).toBe(5);
    expect(searched.size).toBe(50);
    // The session check, whether the community exists, the page of posts, their comments.
    expect(small.statements).toBeLessThanOrEqual(4);
    for (const other of [large, deep, searched]) expect(other.statements).toBe(small.statements);
  });

  it("shows a member's communities in the main feed while the setting is on, never other communities", async () => {
    const ana = await createMemberWithProfile(t.app, { country: 'mt', ciudad: '' });
    const ben = await createMemberWithProfile(t.app, { country: 'mt', ciudad: '' });
    const mine = await community(ana, ben);
    const theirs = await community(ben);
    const word = `Quokka${Date.now()}`;
    await post(mine, ben, `${word} in our community`);
    await post(theirs, ben, `${word} in another community`);
    await sendForm(t.app, ben.access, 'POST', '/api/posts/', { text: `${word} in the main feed` });

    const mainFeed = async () => texts((await call('GET', '/api/posts/?limit=50&country=mt', ana)).json());
    const mainSearch = async () => texts((await call('GET', `/api/posts/search/?q=${word}`, ana)).json());
    expect((await call('GET', '/api/comunidades/ajustes/', ana)).json()).toEqual({
      community_posts_in_feed: true,
    });
    expect(await mainFeed()).toEqual([`${word} in the main feed`, `${word} in our community`]);
    expect(await mainSearch()).toEqual([`${word} in the main feed`, `${word} in our community`]);

    const off = await call('PUT', '/api/comunidades/ajustes/', ana, { community_posts_in_feed: false });
    expect(off.json()).toEqual({ community_posts_in_feed: false });
    expect(await mainFeed()).toEqual([`${word} in the main feed`]);
    expect(await mainSearch()).toEqual([`${word} in the main feed`]);
    expect((await call('GET', '/api/comunidades/ajustes/', ana)).json()).toEqual({
      community_posts_in_feed: false,
    });
    expect(
      (await call('PUT', '/api/comunidades/ajustes/', ana, { community_posts_in_feed: 'no' })).statusCode,
    ).toBe(400);
  });

  it('keeps minors and adults of the same community apart: two spaces', async () => {
    const adult = await createMemberWithProfile(t.app);
    const otherAdult = await createMemberWithProfile(t.app);
    const minor = await reviewedMinor();
    const otherMinor = await reviewedMinor();
    const id = await community(adult, otherAdult, minor, otherMinor);
    const adultPost = await post(id, adult, 'From the adults');
    const minorPost = await post(id, minor, 'From the minors');

    expect(texts(await page(id, otherAdult))).toEqual(['From the adults']);
    expect(texts(await page(id, otherMinor))).toEqual(['From the minors']);
    expect(texts(await page(id, adult, 'q=From'))).toEqual(['From the adults']);
    expect(texts(await page(id, minor, 'q=From'))).toEqual(['From the minors']);
    const mainFeedOf = async (member: Member) =>
      (await call('GET', '/api/posts/?limit=50', member)).json<Page<Post>>().results.map((item) => item.id);
    expect(await mainFeedOf(otherAdult)).not.toContain(minorPost.id);
    expect(await mainFeedOf(otherMinor)).not.toContain(adultPost.id);
    expect(await mainFeedOf(otherMinor)).toContain(minorPost.id);
    // Members of the community, yet not of the same space: neither can answer.
    expect((await call('POST', `/api/posts/${minorPost.id}/like/`, adult)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/posts/${adultPost.id}/comment/`, minor, { text: 'Hi' })).statusCode,
    ).toBe(404);
  });

  it("tells a community post's author when someone else replies, never for their own replies", async () => {
    const ana = await createMemberWithProfile(t.app);
    const bea = await createMemberWithProfile(t.app, { nombre: 'Bea' });
    const id = await community(ana, bea);
    const written = await post(id, ana, 'Does anyone swim with this condition?');
    const notices = async (member: Member) =>
      (await call('GET', '/api/avisos/', member))
        .json<MemberNotice[]>()
        .filter((notice) => notice.kind === 'community_reply');

    await call('POST', `/api/posts/${written.id}/comment/`, ana, { text: 'Me first' });
    expect(await notices(ana)).toEqual([]);
    expect((await call('POST', `/api/posts/${written.id}/comment/`, bea, { text: 'I do!' })).statusCode).toBe(
      201,
    );
    expect(await notices(ana)).toEqual([
      expect.objectContaining({
        kind: 'community_reply',
        read: false,
        data: {
          post_id: written.id,
          community_id: id,
          excerpt: 'Does anyone swim with this condition?',
        },
      }),
    ]);
    expect(await notices(bea)).toEqual([]);

    // A main-feed post's replies bring no community notice.
    const main = (await sendForm(t.app, ana.access, 'POST', '/api/posts/', { text: 'Main' })).json<Post>();
    await call('POST', `/api/posts/${main.id}/comment/`, bea, { text: 'Hello' });
    expect(await notices(ana)).toHaveLength(1);
  });
});
