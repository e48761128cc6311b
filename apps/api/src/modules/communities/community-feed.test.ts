import { MAX_IMAGE_BYTES, PINNED_POSTS_SHOWN, type Notification, type Page, type Post } from '@juntos/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { communities, communityMembers, posts } from '../../db/schema';
import {
  createMemberWithProfile,
  createReviewedMinor,
  imageFile,
  sendForm,
} from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { requestAs } from '../../test-support/requests';

describe('a community feed', () => {
  const world = testAppWithMembers();

  let sequence = 0;
  /** A community of its own per test: the suite's PostgreSQL run shares one database. */
  async function community(...members: Member[]) {
    return communityOfKind('topic', ...members);
  }
  async function communityOfKind(kind: 'topic' | 'disease', ...members: Member[]) {
    sequence += 1;
    // A code no catalogue holds, unique per test file run: another file may open real codes.
    const unique = (Date.now() * 100 + sequence) % 1_000_000_000;
    const [row] = await world.app.database.db
      .insert(communities)
      .values(
        kind === 'topic'
          ? { kind, slug: `feed-test-${Date.now()}-${sequence}`, name: { en: 'Test' } }
          : { kind, orphacode: 1_000_000_000 + unique },
      )
      .returning({ id: communities.id });
    if (!row) throw new Error('no community');
    for (const member of members) await join(row.id, member);
    return row.id;
  }
  const join = (communityId: number, member: Member) =>
    world.app.database.db.insert(communityMembers).values({ communityId, userId: member.user.id });

  const reviewedMinor = () => createReviewedMinor(world.app);

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, member: Member, payload?: object) =>
    requestAs(world.app, member.access, method, url, payload);
  const feedUrl = (id: number) => `/api/comunidades/${id}/publicaciones/`;
  const post = async (id: number, member: Member, text: string) => {
    const answer = await sendForm(world.app, member.access, 'POST', feedUrl(id), { text });
    if (answer.statusCode !== 201) throw new Error(answer.body);
    return answer.json<Post>();
  };
  const page = async (id: number, member: Member, query = '') =>
    (await call('GET', `${feedUrl(id)}?${query}`, member)).json<Page<Post>>();
  const texts = (answer: Page<Post>) => answer.results.map((item) => item.text);
  /**
   * The main feed's posts back to `since`, page after page, each once: the suite's PostgreSQL run
   * shares one database, so other files' posts may come first.
   */
  async function mainFeedSince(member: Member, since: string, query = '') {
    const found = new Map<number, Post>();
    let url: string | null = `/api/posts/?limit=50${query}`;
    while (url) {
      const answer: Page<Post> = (await call('GET', url, member)).json<Page<Post>>();
      for (const item of answer.results) found.set(item.id, item);
      const last = answer.results.at(-1);
      url = last && last.created_at >= since ? answer.next : null;
    }
    return [...found.values()];
  }
  const pin = (postId: number, minutesAgo: number) =>
    world.app.database.db
      .update(posts)
      .set({ pinnedAt: new Date(Date.now() - minutesAgo * 60_000) })
      .where(eq(posts.id, postId));

  it('lets members post with an image, and answers as the main feed does', async () => {
    const ana = await createMemberWithProfile(world.app);
    const id = await community(ana);
    const created = await sendForm(
      world.app,
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
    const empty = await sendForm(world.app, ana.access, 'POST', feedUrl(id), { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ fields: Record<string, string> }>().fields.text).toBe(
      'Please write some text for your post.',
    );
    expect(texts(await page(id, ana))).toEqual(['Welcome all']);
  });

  it.each(['topic', 'disease'] as const)(
    'keeps a %s community to its members: reading, searching, posting, liking, commenting (403, translated)',
    async (kind) => {
      const ana = await createMemberWithProfile(world.app);
      const ben = await createMemberWithProfile(world.app);
      const id = await communityOfKind(kind, ana);
      const word = `Wombat${Date.now()}`;
      const written = await post(id, ana, `${word} members only here`);
      await call('POST', `/api/posts/${written.id}/comment/`, ana, { text: 'Said by a member' });

      const membersOnly = {
        code: 'members_only',
        error: 'Only members of this community can do this. Join it first.',
      };
      // Every author and commenter is a member: whoever reads the feed learns who belongs.
      const read = await call('GET', feedUrl(id), ben);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject(membersOnly);
      const searched = await call('GET', `${feedUrl(id)}?q=${word}`, ben);
      expect(searched.statusCode).toBe(403);
      expect(searched.json()).toMatchObject(membersOnly);
      expect((await call('GET', `/api/posts/search/?q=${word}`, ben)).json<Page<Post>>().results).toEqual([]);
      expect((await mainFeedSince(ben, written.created_at)).map((item) => item.id)).not.toContain(written.id);

      const refused = await sendForm(world.app, ben.access, 'POST', feedUrl(id), { text: 'Let me in' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject(membersOnly);
      // Refused before the form is read: an empty text and an oversized upload are not looked at.
      const oversized = { ...(await imageFile()), data: Buffer.alloc(MAX_IMAGE_BYTES + 2, 1) };
      const unread = await sendForm(world.app, ben.access, 'POST', feedUrl(id), { text: '' }, oversized);
      expect(unread.statusCode).toBe(403);
      expect(unread.json()).toMatchObject(membersOnly);
      const like = await call('POST', `/api/posts/${written.id}/like/`, ben);
      expect(like.statusCode).toBe(403);
      expect(like.json()).toMatchObject(membersOnly);
      const comment = await call('POST', `/api/posts/${written.id}/comment/`, ben, { text: 'Hi' });
      expect(comment.statusCode).toBe(403);
      expect(comment.json()).toMatchObject(membersOnly);

      await join(id, ben);
      expect(texts(await page(id, ben))).toEqual([`${word} members only here`]);
      expect((await page(id, ben)).results[0]?.comments.map((item) => item.text)).toEqual([
        'Said by a member',
      ]);
      expect(texts(await page(id, ben, `q=${word}`))).toEqual([`${word} members only here`]);
      expect((await call('POST', `/api/posts/${written.id}/like/`, ben)).json()).toEqual({
        liked: true,
        total_likes: 1,
      });
      expect((await call('POST', `/api/posts/${written.id}/comment/`, ben, { text: 'Hi' })).statusCode).toBe(
        201,
      );
      expect((await page(id, ana)).results[0]).toMatchObject({ likes_count: 1, comments_count: 2 });
    },
  );

  it('answers 404 for a community that does not exist, 401 without a session', async () => {
    const ana = await createMemberWithProfile(world.app);
    const id = await community(ana);
    const missing = await call('GET', feedUrl(999_999_999), ana);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: string }>().error).toBe('This community does not exist.');
    expect((await call('GET', `${feedUrl(999_999_999)}?q=word`, ana)).statusCode).toBe(404);
    expect(
      (await sendForm(world.app, ana.access, 'POST', feedUrl(999_999_999), { text: 'x' })).statusCode,
    ).toBe(404);
    expect((await world.app.inject({ method: 'GET', url: feedUrl(id) })).statusCode).toBe(401);
  });

  it('pages newest first with the pinned posts leading the first page only, each post once', async () => {
    const ana = await createMemberWithProfile(world.app);
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

  it('pages the pins beyond the first few where they were written: every post once across the pages', async () => {
    const ana = await createMemberWithProfile(world.app);
    const id = await community(ana);
    const written: Post[] = [];
    for (let i = 1; i <= 12; i += 1) written.push(await post(id, ana, `Post ${i}`));
    const pinnedOnes = [written[1], written[4], written[6], written[8], written[10]];
    for (const [index, item] of pinnedOnes.entries()) await pin(item?.id ?? 0, 10 - index);
    expect(pinnedOnes.length).toBeGreaterThan(PINNED_POSTS_SHOWN);

    const pages: Page<Post>[] = [await page(id, ana, 'limit=5')];
    for (let offset = 5; pages.at(-1)?.next; offset += 5)
      pages.push(await page(id, ana, `limit=5&offset=${offset}`));
    const shown = pages.flatMap(texts);
    // The newest pins lead the first page; the two older pins are found where they were written.
    expect(shown.slice(0, PINNED_POSTS_SHOWN)).toEqual(['Post 11', 'Post 9', 'Post 7']);
    expect(shown.slice(PINNED_POSTS_SHOWN)).toEqual([
      'Post 12',
      'Post 10',
      'Post 8',
      'Post 6',
      'Post 5',
      'Post 4',
      'Post 3',
      'Post 2',
      'Post 1',
    ]);
    expect([...shown].sort()).toEqual(written.map((item) => item.text).sort());
  });

  it('searches within the community only, pinned posts where they were written', async () => {
    const ana = await createMemberWithProfile(world.app);
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
    const ana = await createMemberWithProfile(world.app);
    const readers = await Promise.all([1, 2].map(() => createMemberWithProfile(world.app)));
    const id = await community(ana, ...readers);
    const statementsFor = async (query: string) => {
      const before = world.app.database.queryCount();
      const answer = await page(id, ana, query);
      return { statements: world.app.database.queryCount() - before, size: answer.results.length };
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
    // The session check, the membership (which also finds the community), the page of posts, their comments.
    expect(small.statements).toBeLessThanOrEqual(4);
    for (const other of [large, deep, searched]) expect(other.statements).toBe(small.statements);
  });

  it("shows a member's communities in the main feed while the setting is on, never other communities", async () => {
    const ana = await createMemberWithProfile(world.app, { country: 'mt', ciudad: '' });
    const ben = await createMemberWithProfile(world.app, { country: 'mt', ciudad: '' });
    const mine = await community(ana, ben);
    const theirs = await community(ben);
    const word = `Quokka${Date.now()}`;
    const { created_at: since } = await post(mine, ben, `${word} in our community`);
    await post(theirs, ben, `${word} in another community`);
    await sendForm(world.app, ben.access, 'POST', '/api/posts/', { text: `${word} in the main feed` });

    const ours = (found: Post[]) => found.map((item) => item.text).filter((text) => text.startsWith(word));
    const mainFeed = async () => ours(await mainFeedSince(ana, since, '&country=mt'));
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
    const adult = await createMemberWithProfile(world.app);
    const otherAdult = await createMemberWithProfile(world.app);
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
      (await mainFeedSince(member, adultPost.created_at)).map((item) => item.id);
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
    const ana = await createMemberWithProfile(world.app);
    const bea = await createMemberWithProfile(world.app, { nombre: 'Bea' });
    const id = await community(ana, bea);
    const written = await post(id, ana, 'Does anyone swim with this condition?');
    const notices = async (member: Member) =>
      (await call('GET', '/api/notificaciones/', member))
        .json<{ results: Notification[] }>()
        .results.filter((notification) => notification.kind === 'community_reply');

    await call('POST', `/api/posts/${written.id}/comment/`, ana, { text: 'Me first' });
    expect(await notices(ana)).toEqual([]);
    expect((await call('POST', `/api/posts/${written.id}/comment/`, bea, { text: 'I do!' })).statusCode).toBe(
      201,
    );
    // In the notification centre (issue 20), told once: not also as a comment.
    expect(await notices(ana)).toEqual([
      expect.objectContaining({
        kind: 'community_reply',
        read: false,
        community_id: id,
        subject: { type: 'post', id: written.id },
        actors: [expect.objectContaining({ id: bea.user.id, nombre: 'Bea' })],
      }),
    ]);
    expect(
      (await call('GET', '/api/notificaciones/', ana))
        .json<{ results: Notification[] }>()
        .results.filter((notification) => notification.kind === 'comment'),
    ).toEqual([]);
    expect(await notices(bea)).toEqual([]);

    // A main-feed post's replies bring no community notice.
    const main = (
      await sendForm(world.app, ana.access, 'POST', '/api/posts/', { text: 'Main' })
    ).json<Post>();
    await call('POST', `/api/posts/${main.id}/comment/`, bea, { text: 'Hello' });
    expect(await notices(ana)).toHaveLength(1);
  });
});
