import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { communityFeedPaths, communityPinPaths, type Post } from '@juntos/domain';
import { adminAuditLog, comments, communityMembers, communityModerators, posts } from '../../db/schema';
import { createMemberWithProfile, createReviewedMinor } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { createTopicCommunity } from '../../test-support/communities';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { requestAs } from '../../test-support/requests';

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
  const world = testAppWithMembers({
    admins: { admin: { nombre: 'Admin' } },
    members: {
      moderator: { nombre: 'Moderadora' },
      member: { nombre: 'Miembro' },
      author: { nombre: 'Autor' },
      reporter: { nombre: 'Reporter' },
    },
  });
  let minorAuthor: Member;
  let minorReporter: Member;
  let moderated: number;
  let other: Member['user']['id'];

  const db = () => world.app.database.db;

  const minor = () => createReviewedMinor(world.app);

  const community = () => createTopicCommunity(world.app, 'c3');

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
    minorAuthor = await minor();
    minorReporter = await minor();
    moderated = await community();
    other = await community();
    await db()
      .insert(communityModerators)
      .values({ communityId: moderated, userId: world.moderator.user.id });
  });

  const call = (method: Method, url: string, who?: Member, payload?: object) =>
    requestAs(world.app, who?.access, method, url, payload);
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
    const postId = await post(world.author, moderated, 'A post to pin');
    for (const [method, url] of [
      ['GET', '/api/admin/reports/'],
      ['POST', '/api/admin/reports/1/dismiss/'],
      ['POST', '/api/admin/reports/1/hide/'],
      ['POST', '/api/admin/content/post/1/restore/'],
      ['POST', communityPinPaths.pin(moderated, postId)],
      ['POST', communityPinPaths.unpin(moderated, postId)],
    ] as const) {
      expect((await call(method, url)).statusCode, url).toBe(401);
      expect((await call(method, url, world.member)).statusCode, url).toBe(403);
    }
  });

  it('keeps suspensions with the administrators', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/reports/1/suspend/'],
      ['GET', '/api/admin/members/suspended/'],
      ['POST', `/api/admin/members/${world.author.user.id}/suspend/`],
      ['POST', `/api/admin/members/${world.author.user.id}/reactivate/`],
    ] as const)
      expect((await call(method, url, world.moderator)).statusCode, url).toBe(403);
  });

  it('tells the web app which communities a member moderates', async () => {
    expect((await call('GET', '/api/me', world.moderator)).json()).toMatchObject({ moderates: [moderated] });
    expect((await call('GET', '/api/me', world.member)).json()).toMatchObject({ moderates: [] });
  });

  it("shows a moderator their communities' reports only, and an administrator every report", async () => {
    const inside = await post(world.author, moderated, 'Inside the community');
    const reply = await comment(world.reporter, inside, 'A reply inside');
    const ownPost = await post(world.moderator, moderated, 'The moderator’s own post');
    const minorsPost = await post(minorAuthor, moderated, 'In the minors’ space');
    const mine = [await report(world.reporter, 'post', inside), await report(world.author, 'comment', reply)];
    const notMine = [
      await report(world.reporter, 'post', await post(world.author, other, 'Another community')),
      await report(world.reporter, 'post', await post(world.author, null, 'The main feed')),
      await report(world.reporter, 'post', ownPost),
      await report(minorReporter, 'post', minorsPost),
      await report(world.reporter, 'member', world.author.user.id),
    ];

    const seen = await queueOf(world.moderator, [...mine, ...notMine]);
    expect([...seen].sort()).toEqual([...mine].sort());
    expect((await queueOf(world.admin, [...mine, ...notMine])).sort()).toEqual([...mine, ...notMine].sort());

    for (const id of notMine) {
      for (const action of ['hide', 'dismiss']) {
        const refused = await call('POST', `/api/admin/reports/${id}/${action}/`, world.moderator);
        expect(refused.statusCode, `${action} ${id}`).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'not_your_community' });
      }
    }
  });

  it('tells a moderator the reason and the item, not who reported it nor about sanctions; an administrator all', async () => {
    const postId = await post(world.author, moderated, 'Reported with words');
    const response = await call('POST', '/api/reportes/', world.reporter, {
      target_type: 'post',
      target_id: postId,
      reason: 'hate',
      details: 'Reporter here, my neighbour Ana wrote this',
    });
    expect(response.statusCode).toBe(201);
    const reportId = response.json<{ id: number }>().id;

    const [forModerator] = await queueItems(world.moderator, [reportId]);
    expect(forModerator).toMatchObject({ reason: 'hate', content: { author_id: world.author.user.id } });
    expect(forModerator).not.toHaveProperty('reporter');
    expect(forModerator).not.toHaveProperty('details');
    expect(forModerator?.content).not.toHaveProperty('author_suspended');
    expect(JSON.stringify(forModerator)).not.toContain('Reporter');

    const [forAdmin] = await queueItems(world.admin, [reportId]);
    expect(forAdmin).toMatchObject({
      reporter: { id: world.reporter.user.id },
      details: 'Reporter here, my neighbour Ana wrote this',
      content: { author_suspended: false },
    });
  });

  it('sees and settles a report sent by a member who blocked them, without learning who sent it', async () => {
    const blocker = await createMemberWithProfile(world.app, { nombre: 'Blocker' });
    expect(
      (await call('POST', `/api/bloqueos/${world.moderator.user.id}/`, blocker)).statusCode,
    ).toBeLessThan(300);
    const postId = await post(world.author, moderated, 'Reported by someone who blocked the moderator');
    const reportId = await report(blocker, 'post', postId);
    const [item] = await queueItems(world.moderator, [reportId]);
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('reporter');
    expect((await call('POST', `/api/admin/reports/${reportId}/dismiss/`, world.moderator)).statusCode).toBe(
      200,
    );
  });

  it("leaves an administrator's hide in their community to the administrators", async () => {
    const postId = await post(world.author, moderated, 'Hidden by an administrator');
    const reportId = await report(world.reporter, 'post', postId);
    expect((await call('POST', `/api/admin/reports/${reportId}/hide/`, world.admin)).statusCode).toBe(200);
    const refused = await call('POST', `/api/admin/content/post/${postId}/restore/`, world.moderator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'hidden_by_administrator' });
    const [row] = await db().select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.id, postId));
    expect(row?.hiddenAt).toBeInstanceOf(Date);

    // Shown again and hidden anew by the moderator: the latest hide is theirs to undo.
    expect((await call('POST', `/api/admin/content/post/${postId}/restore/`, world.admin)).statusCode).toBe(
      200,
    );
    const again = await report(world.reporter, 'post', postId);
    expect((await call('POST', `/api/admin/reports/${again}/hide/`, world.moderator)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/admin/content/post/${postId}/restore/`, world.moderator)).statusCode,
    ).toBe(200);
  });

  it('hides and restores a post of their community, telling the author and the reporter, in the audit log', async () => {
    const postId = await post(world.author, moderated, 'Something hurtful');
    const reportId = await report(world.reporter, 'post', postId);

    expect((await call('POST', `/api/admin/reports/${reportId}/hide/`, world.moderator)).statusCode).toBe(
      200,
    );
    expect(await noticesOf(world.author)).toContainEqual(
      expect.objectContaining({
        kind: 'content_hidden',
        data: { target_type: 'post', excerpt: 'Something hurtful' },
      }),
    );
    expect(await noticesOf(world.reporter)).toContainEqual(
      expect.objectContaining({ kind: 'report_outcome', data: { outcome: 'hidden', target_type: 'post' } }),
    );
    expect(await queueOf(world.moderator, [reportId], 'resolved')).toEqual([reportId]);

    const restored = await call('POST', `/api/admin/content/post/${postId}/restore/`, world.moderator);
    expect(restored.statusCode).toBe(200);
    expect(await noticesOf(world.author)).toContainEqual(
      expect.objectContaining({
        kind: 'content_restored',
        data: { target_type: 'post', excerpt: 'Something hurtful' },
      }),
    );

    const entries = await auditOf('post', postId);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['content.hide', 'content.restore']);
    for (const entry of entries) {
      expect(entry.adminId).toBe(world.moderator.user.id);
      expect(entry.details).toMatchObject({ author_id: world.author.user.id, community_moderator: true });
    }
  });

  it("hides a reply on their community's post, and dismisses a report there", async () => {
    const postId = await post(world.author, moderated, 'A question');
    const reply = await comment(world.member, postId, 'A rude reply');
    const hideReport = await report(world.author, 'comment', reply);
    expect((await call('POST', `/api/admin/reports/${hideReport}/hide/`, world.moderator)).statusCode).toBe(
      200,
    );
    expect(await noticesOf(world.member)).toContainEqual(
      expect.objectContaining({
        kind: 'content_hidden',
        data: { target_type: 'comment', excerpt: 'A rude reply' },
      }),
    );
    expect(
      (await call('POST', `/api/admin/content/comment/${reply}/restore/`, world.moderator)).statusCode,
    ).toBe(200);

    const dismissReport = await report(world.reporter, 'post', postId);
    expect(
      (await call('POST', `/api/admin/reports/${dismissReport}/dismiss/`, world.moderator)).statusCode,
    ).toBe(200);
    expect(await noticesOf(world.reporter)).toContainEqual(
      expect.objectContaining({
        kind: 'report_outcome',
        data: { outcome: 'dismissed', target_type: 'post' },
      }),
    );
    expect((await auditOf('report', dismissReport)).map((entry) => entry.adminId)).toEqual([
      world.moderator.user.id,
    ]);
  });

  it("refuses to restore what another community's post, and lets an administrator restore it", async () => {
    const postId = await post(world.author, other, 'Hidden elsewhere');
    const reportId = await report(world.reporter, 'post', postId);
    expect((await call('POST', `/api/admin/reports/${reportId}/hide/`, world.admin)).statusCode).toBe(200);
    const refused = await call('POST', `/api/admin/content/post/${postId}/restore/`, world.moderator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_your_community' });
    expect((await call('POST', `/api/admin/content/post/${postId}/restore/`, world.admin)).statusCode).toBe(
      200,
    );
  });

  it('pins and unpins posts of their community only, each change audited', async () => {
    const postId = await post(world.author, moderated, 'Welcome, everyone');
    const pin = await call('POST', communityPinPaths.pin(moderated, postId), world.moderator);
    expect(pin.statusCode).toBe(200);
    expect(pin.json()).toEqual({ pinned: true });
    // Pinning again changes nothing and is not audited twice.
    expect((await call('POST', communityPinPaths.pin(moderated, postId), world.moderator)).statusCode).toBe(
      200,
    );
    const [row] = await db().select({ pinnedAt: posts.pinnedAt }).from(posts).where(eq(posts.id, postId));
    expect(row?.pinnedAt).toBeInstanceOf(Date);

    const elsewhere = await post(world.author, other, 'Elsewhere');
    const refused = await call('POST', communityPinPaths.pin(other, elsewhere), world.moderator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_your_community' });
    // Another community's post named under theirs, and a post of the minors' space: not found.
    expect(
      (await call('POST', communityPinPaths.pin(moderated, elsewhere), world.moderator)).statusCode,
    ).toBe(404);
    const minorsPost = await post(minorAuthor, moderated, 'Minors’ welcome');
    expect(
      (await call('POST', communityPinPaths.pin(moderated, minorsPost), world.moderator)).statusCode,
    ).toBe(404);
    expect((await call('POST', communityPinPaths.pin(other, elsewhere), world.admin)).statusCode).toBe(200);

    const unpin = await call('POST', communityPinPaths.unpin(moderated, postId), world.moderator);
    expect(unpin.json()).toEqual({ pinned: false });
    const entries = await auditOf('post', postId);
    expect(entries.map((entry) => entry.action)).toEqual(['post.pin', 'post.unpin']);
    expect(entries[0]).toMatchObject({
      adminId: world.moderator.user.id,
      details: { community_id: moderated, author_id: world.author.user.id, community_moderator: true },
    });
  });

  it('puts a pinned post first in the community feed', async () => {
    await db().insert(communityMembers).values({ communityId: moderated, userId: world.member.user.id });
    const old = await post(world.author, moderated, 'An old welcome', new Date(Date.now() - 86_400_000));
    await post(world.author, moderated, 'A newer post');
    expect((await call('POST', communityPinPaths.pin(moderated, old), world.moderator)).statusCode).toBe(200);
    const feed = await call('GET', communityFeedPaths.feed(moderated), world.member);
    expect(feed.statusCode).toBe(200);
    const [first] = feed.json<{ results: Post[] }>().results;
    expect(first).toMatchObject({ id: old, pinned: true });
  });

  it('takes a withdrawn appointment away at once', async () => {
    const formerModerator = await createMemberWithProfile(world.app, { nombre: 'Former' });
    await db()
      .insert(communityModerators)
      .values({ communityId: moderated, userId: formerModerator.user.id });
    expect((await call('GET', '/api/admin/reports/', formerModerator)).statusCode).toBe(200);
    await db().delete(communityModerators).where(eq(communityModerators.userId, formerModerator.user.id));
    expect((await call('GET', '/api/admin/reports/', formerModerator)).statusCode).toBe(403);
  });
});
