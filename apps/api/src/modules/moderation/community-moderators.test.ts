import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityFeedPaths, communityPinPaths, type Post } from '@juntos/domain';
import {
  adminAuditLog,
  comments,
  communities,
  communityMembers,
  communityModerators,
  posts,
} from '../../db/schema';
import { makeAdmin } from '../../test-support/admins';
import { createMemberWithProfile, createReviewedMinor } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { requestAs } from '../../test-support/requests';

type Member = Awaited<ReturnType<typeof createMemberWithProfile>>;
type Method = 'GET' | 'POST';
type Notice = { kind: string; data: Record<string, string> };
type QueueItem = {
  id: number;
  reason: string;
  details?: string;
  reporter?: { id: number; name: string };
  content: { author_id: number; hidden: boolean; author_suspended?: boolean } | null;
};

/** Community moderators (issue 18): their powers reach the communities they moderate, no further. */
describe('community moderators', () => {
  let t: TestApp;
  let admin: Member;
  let moderator: Member;
  let member: Member;
  let author: Member;
  let reporter: Member;
  let minorAuthor: Member;
  let minorReporter: Member;
  let moderated: number;
  let other: Member['user']['id'];

  const db = () => t.app.database.db;

  const minor = () => createReviewedMinor(t.app);

  /** A topic community of its own (the PostgreSQL run shares one database between test files). */
  async function community() {
    const slug = `c3-${randomUUID()}`;
    const [row] = await db()
      .insert(communities)
      .values({ kind: 'topic', slug, name: { es: slug }, description: { es: slug } })
      .returning({ id: communities.id });
    if (!row) throw new Error('no community');
    return row.id;
  }

  async function post(who: Member, communityId: number | null, text: string, createdAt?: Date) {
    const [row] = await db()
      .insert(posts)
      .values({ authorId: who.user.id, communityId, text, ...(createdAt ? { createdAt } : {}) })
      .returning({ id: posts.id });
    if (!row) throw new Error('no post');
    return row.id;
  }

  async function comment(who: Member, postId: number, text: string) {
    const [row] = await db()
      .insert(comments)
      .values({ contentKind: 'post', contentId: postId, authorId: who.user.id, text })
      .returning({ id: comments.id });
    if (!row) throw new Error('no comment');
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createMemberWithProfile(t.app, { nombre: 'Admin' });
    moderator = await createMemberWithProfile(t.app, { nombre: 'Moderadora' });
    member = await createMemberWithProfile(t.app, { nombre: 'Miembro' });
    author = await createMemberWithProfile(t.app, { nombre: 'Autor' });
    reporter = await createMemberWithProfile(t.app, { nombre: 'Reporter' });
    minorAuthor = await minor();
    minorReporter = await minor();
    await makeAdmin(t.app, admin.user.id);
    moderated = await community();
    other = await community();
    await db().insert(communityModerators).values({ communityId: moderated, userId: moderator.user.id });
  });
  afterAll(async () => t.cleanup());

  const call = (method: Method, url: string, who?: Member, payload?: object) =>
    requestAs(t.app, who?.access, method, url, payload);
  const report = async (who: Member, target_type: string, target_id: number) => {
    const response = await call('POST', '/api/reportes/', who, { target_type, target_id, reason: 'hate' });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  /**
   * The reports among `ids` in the queue of `who`, as the API gives them: pages through the queue
   * until all are found or it ends (the PostgreSQL run shares one database between test files,
   * so the newest hundred reports need not be this file's).
   */
  const queueItems = async (who: Member, ids: number[], status = 'open') => {
    const wanted = new Set(ids);
    const found: QueueItem[] = [];
    let url: string | null = `/api/admin/reports/?status=${status}&limit=100`;
    while (url !== null && found.length < wanted.size) {
      const response = await call('GET', url, who);
      expect(response.statusCode).toBe(200);
      const page = response.json<{ results: QueueItem[]; next: string | null }>();
      found.push(...page.results.filter((item) => wanted.has(item.id)));
      url = page.next;
    }
    return found;
  };
  const queueOf = async (who: Member, ids: number[], status = 'open') =>
    (await queueItems(who, ids, status)).map((item) => item.id);
  const noticesOf = async (who: Member) => (await call('GET', '/api/avisos/', who)).json<Notice[]>();
  const auditOf = (targetType: string, targetId: number) =>
    db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, targetType), eq(adminAuditLog.targetId, String(targetId))));

  it('lets a plain member into none of it (403), nor anyone signed out (401)', async () => {
    const postId = await post(author, moderated, 'A post to pin');
    for (const [method, url] of [
      ['GET', '/api/admin/reports/'],
      ['POST', '/api/admin/reports/1/dismiss/'],
      ['POST', '/api/admin/reports/1/hide/'],
      ['POST', '/api/admin/content/post/1/restore/'],
      ['POST', communityPinPaths.pin(moderated, postId)],
      ['POST', communityPinPaths.unpin(moderated, postId)],
    ] as const) {
      expect((await call(method, url)).statusCode, url).toBe(401);
      expect((await call(method, url, member)).statusCode, url).toBe(403);
    }
  });

  it('keeps suspensions with the administrators', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/reports/1/suspend/'],
      ['GET', '/api/admin/members/suspended/'],
      ['POST', `/api/admin/members/${author.user.id}/suspend/`],
      ['POST', `/api/admin/members/${author.user.id}/reactivate/`],
    ] as const)
      expect((await call(method, url, moderator)).statusCode, url).toBe(403);
  });

  it('tells the web app which communities a member moderates', async () => {
    expect((await call('GET', '/api/me', moderator)).json()).toMatchObject({ moderates: [moderated] });
    expect((await call('GET', '/api/me', member)).json()).toMatchObject({ moderates: [] });
  });

  it("shows a moderator their communities' reports only, and an administrator every report", async () => {
    const inside = await post(author, moderated, 'Inside the community');
    const reply = await comment(reporter, inside, 'A reply inside');
    const ownPost = await post(moderator, moderated, 'The moderator’s own post');
    const minorsPost = await post(minorAuthor, moderated, 'In the minors’ space');
    const mine = [await report(reporter, 'post', inside), await report(author, 'comment', reply)];
    const notMine = [
      await report(reporter, 'post', await post(author, other, 'Another community')),
      await report(reporter, 'post', await post(author, null, 'The main feed')),
      await report(reporter, 'post', ownPost),
      await report(minorReporter, 'post', minorsPost),
      await report(reporter, 'member', author.user.id),
    ];

    const seen = await queueOf(moderator, [...mine, ...notMine]);
    expect([...seen].sort()).toEqual([...mine].sort());
    expect((await queueOf(admin, [...mine, ...notMine])).sort()).toEqual([...mine, ...notMine].sort());

    for (const id of notMine) {
      for (const action of ['hide', 'dismiss']) {
        const refused = await call('POST', `/api/admin/reports/${id}/${action}/`, moderator);
        expect(refused.statusCode, `${action} ${id}`).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'not_your_community' });
      }
    }
  });

  it('tells a moderator the reason and the item, not who reported it nor about sanctions; an administrator all', async () => {
    const postId = await post(author, moderated, 'Reported with words');
    const response = await call('POST', '/api/reportes/', reporter, {
      target_type: 'post',
      target_id: postId,
      reason: 'hate',
      details: 'Reporter here, my neighbour Ana wrote this',
    });
    expect(response.statusCode).toBe(201);
    const reportId = response.json<{ id: number }>().id;

    const [forModerator] = await queueItems(moderator, [reportId]);
    expect(forModerator).toMatchObject({ reason: 'hate', content: { author_id: author.user.id } });
    expect(forModerator).not.toHaveProperty('reporter');
    expect(forModerator).not.toHaveProperty('details');
    expect(forModerator?.content).not.toHaveProperty('author_suspended');
    expect(JSON.stringify(forModerator)).not.toContain('Reporter');

    const [forAdmin] = await queueItems(admin, [reportId]);
    expect(forAdmin).toMatchObject({
      reporter: { id: reporter.user.id },
      details: 'Reporter here, my neighbour Ana wrote this',
      content: { author_suspended: false },
    });
  });

  it('sees and settles a report sent by a member who blocked them, without learning who sent it', async () => {
    const blocker = await createMemberWithProfile(t.app, { nombre: 'Blocker' });
    expect((await call('POST', `/api/bloqueos/${moderator.user.id}/`, blocker)).statusCode).toBeLessThan(300);
    const postId = await post(author, moderated, 'Reported by someone who blocked the moderator');
    const reportId = await report(blocker, 'post', postId);
    const [item] = await queueItems(moderator, [reportId]);
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('reporter');
    expect((await call('POST', `/api/admin/reports/${reportId}/dismiss/`, moderator)).statusCode).toBe(200);
  });

  it("leaves an administrator's hide in their community to the administrators", async () => {
    const postId = await post(author, moderated, 'Hidden by an administrator');
    const reportId = await report(reporter, 'post', postId);
    expect((await call('POST', `/api/admin/reports/${reportId}/hide/`, admin)).statusCode).toBe(200);
    const refused = await call('POST', `/api/admin/content/post/${postId}/restore/`, moderator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'hidden_by_administrator' });
    const [row] = await db().select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.id, postId));
    expect(row?.hiddenAt).toBeInstanceOf(Date);

    // Shown again and hidden anew by the moderator: the latest hide is theirs to undo.
    expect((await call('POST', `/api/admin/content/post/${postId}/restore/`, admin)).statusCode).toBe(200);
    const again = await report(reporter, 'post', postId);
    expect((await call('POST', `/api/admin/reports/${again}/hide/`, moderator)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/content/post/${postId}/restore/`, moderator)).statusCode).toBe(
      200,
    );
  });

  it('hides and restores a post of their community, telling the author and the reporter, in the audit log', async () => {
    const postId = await post(author, moderated, 'Something hurtful');
    const reportId = await report(reporter, 'post', postId);

    expect((await call('POST', `/api/admin/reports/${reportId}/hide/`, moderator)).statusCode).toBe(200);
    expect(await noticesOf(author)).toContainEqual(
      expect.objectContaining({
        kind: 'content_hidden',
        data: { target_type: 'post', excerpt: 'Something hurtful' },
      }),
    );
    expect(await noticesOf(reporter)).toContainEqual(
      expect.objectContaining({ kind: 'report_outcome', data: { outcome: 'hidden', target_type: 'post' } }),
    );
    expect(await queueOf(moderator, [reportId], 'resolved')).toEqual([reportId]);

    const restored = await call('POST', `/api/admin/content/post/${postId}/restore/`, moderator);
    expect(restored.statusCode).toBe(200);
    expect(await noticesOf(author)).toContainEqual(
      expect.objectContaining({
        kind: 'content_restored',
        data: { target_type: 'post', excerpt: 'Something hurtful' },
      }),
    );

    const entries = await auditOf('post', postId);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['content.hide', 'content.restore']);
    for (const entry of entries) {
      expect(entry.adminId).toBe(moderator.user.id);
      expect(entry.details).toMatchObject({ author_id: author.user.id, community_moderator: true });
    }
  });

  it("hides a reply on their community's post, and dismisses a report there", async () => {
    const postId = await post(author, moderated, 'A question');
    const reply = await comment(member, postId, 'A rude reply');
    const hideReport = await report(author, 'comment', reply);
    expect((await call('POST', `/api/admin/reports/${hideReport}/hide/`, moderator)).statusCode).toBe(200);
    expect(await noticesOf(member)).toContainEqual(
      expect.objectContaining({
        kind: 'content_hidden',
        data: { target_type: 'comment', excerpt: 'A rude reply' },
      }),
    );
    expect((await call('POST', `/api/admin/content/comment/${reply}/restore/`, moderator)).statusCode).toBe(
      200,
    );

    const dismissReport = await report(reporter, 'post', postId);
    expect((await call('POST', `/api/admin/reports/${dismissReport}/dismiss/`, moderator)).statusCode).toBe(
      200,
    );
    expect(await noticesOf(reporter)).toContainEqual(
      expect.objectContaining({
        kind: 'report_outcome',
        data: { outcome: 'dismissed', target_type: 'post' },
      }),
    );
    expect((await auditOf('report', dismissReport)).map((entry) => entry.adminId)).toEqual([
      moderator.user.id,
    ]);
  });

  it("refuses to restore what another community's post, and lets an administrator restore it", async () => {
    const postId = await post(author, other, 'Hidden elsewhere');
    const reportId = await report(reporter, 'post', postId);
    expect((await call('POST', `/api/admin/reports/${reportId}/hide/`, admin)).statusCode).toBe(200);
    const refused = await call('POST', `/api/admin/content/post/${postId}/restore/`, moderator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_your_community' });
    expect((await call('POST', `/api/admin/content/post/${postId}/restore/`, admin)).statusCode).toBe(200);
  });

  it('pins and unpins posts of their community only, each change audited', async () => {
    const postId = await post(author, moderated, 'Welcome, everyone');
    const pin = await call('POST', communityPinPaths.pin(moderated, postId), moderator);
    expect(pin.statusCode).toBe(200);
    expect(pin.json()).toEqual({ pinned: true });
    // Pinning again changes nothing and is not audited twice.
    expect((await call('POST', communityPinPaths.pin(moderated, postId), moderator)).statusCode).toBe(200);
    const [row] = await db().select({ pinnedAt: posts.pinnedAt }).from(posts).where(eq(posts.id, postId));
    expect(row?.pinnedAt).toBeInstanceOf(Date);

    const elsewhere = await post(author, other, 'Elsewhere');
    const refused = await call('POST', communityPinPaths.pin(other, elsewhere), moderator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_your_community' });
    // Another community's post named under theirs, and a post of the minors' space: not found.
    expect((await call('POST', communityPinPaths.pin(moderated, elsewhere), moderator)).statusCode).toBe(404);
    const minorsPost = await post(minorAuthor, moderated, 'Minors’ welcome');
    expect((await call('POST', communityPinPaths.pin(moderated, minorsPost), moderator)).statusCode).toBe(
      404,
    );
    expect((await call('POST', communityPinPaths.pin(other, elsewhere), admin)).statusCode).toBe(200);

    const unpin = await call('POST', communityPinPaths.unpin(moderated, postId), moderator);
    expect(unpin.json()).toEqual({ pinned: false });
    const entries = await auditOf('post', postId);
    expect(entries.map((entry) => entry.action)).toEqual(['post.pin', 'post.unpin']);
    expect(entries[0]).toMatchObject({
      adminId: moderator.user.id,
      details: { community_id: moderated, author_id: author.user.id, community_moderator: true },
    });
  });

  it('puts a pinned post first in the community feed', async () => {
    await db().insert(communityMembers).values({ communityId: moderated, userId: member.user.id });
    const old = await post(author, moderated, 'An old welcome', new Date(Date.now() - 86_400_000));
    await post(author, moderated, 'A newer post');
    expect((await call('POST', communityPinPaths.pin(moderated, old), moderator)).statusCode).toBe(200);
    const feed = await call('GET', communityFeedPaths.feed(moderated), member);
    expect(feed.statusCode).toBe(200);
    const [first] = feed.json<{ results: Post[] }>().results;
    expect(first).toMatchObject({ id: old, pinned: true });
  });

  it('takes a withdrawn appointment away at once', async () => {
    const formerModerator = await createMemberWithProfile(t.app, { nombre: 'Former' });
    await db()
      .insert(communityModerators)
      .values({ communityId: moderated, userId: formerModerator.user.id });
    expect((await call('GET', '/api/admin/reports/', formerModerator)).statusCode).toBe(200);
    await db().delete(communityModerators).where(eq(communityModerators.userId, formerModerator.user.id));
    expect((await call('GET', '/api/admin/reports/', formerModerator)).statusCode).toBe(403);
  });
});
