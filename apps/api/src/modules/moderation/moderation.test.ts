import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@juntos/domain';
import { connectChat } from '../../test-support/chat-client';
import { createMemberWithProfile, imageFile, makeFriends, sendForm } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { makeAdmin } from '../../test-support/admins';
import { createListeningTestApp, type TestApp } from '../../test-support/test-app';
import { requestAs } from '../../test-support/requests';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const MODERATION_CALLS = [
  ['GET', '/api/admin/reports/'],
  ['POST', '/api/admin/reports/1/dismiss/'],
  ['POST', '/api/admin/reports/1/hide/'],
  ['POST', '/api/admin/reports/1/suspend/'],
  ['POST', '/api/admin/content/post/1/restore/'],
  ['GET', '/api/admin/members/suspended/'],
  ['POST', '/api/admin/members/1/suspend/'],
  ['POST', '/api/admin/members/1/reactivate/'],
] as const;

type Notice = { id: number; kind: string; data: Record<string, string>; read: boolean };
type QueueItem = {
  id: number;
  target_type: string;
  target_id: number;
  reporter: { id: number; name: string };
  content: { author_id: number; text: string; hidden: boolean; parent: string | null } | null;
};

describe('moderation', () => {
  let t: TestApp;
  let admin: Member;
  let author: Member;
  let reporter: Member;
  let friend: Member;
  beforeAll(async () => {
    t = await createListeningTestApp();
    admin = await createMemberWithProfile(t.app, { nombre: 'Mod' });
    author = await createMemberWithProfile(t.app, { nombre: 'Autor' });
    reporter = await createMemberWithProfile(t.app, { nombre: 'Reporter' });
    friend = await createMemberWithProfile(t.app, { nombre: 'Friend' });
    await makeFriends(t.app, author.user.id, friend.user.id);
    await makeAdmin(t.app, admin.user.id);
  });
  afterAll(async () => t.cleanup());

  const call = (method: Method, url: string, who?: Member, payload?: object) =>
    requestAs(t.app, who?.access, method, url, payload);
  const publish = async (who: Member, text: string) => {
    const response = await sendForm(t.app, who.access, 'POST', '/api/posts/', { text });
    expect(response.statusCode).toBe(201);
    return response.json<Post>();
  };
  const report = async (who: Member, target_type: string, target_id: number) => {
    const response = await call('POST', '/api/reportes/', who, { target_type, target_id, reason: 'hate' });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const feedOf = async (who: Member) =>
    (await call('GET', '/api/posts/?limit=50', who)).json<{ results: Post[] }>().results;
  const noticesOf = async (who: Member) => (await call('GET', '/api/avisos/', who)).json<Notice[]>();
  const auditActions = async () =>
    (await call('GET', '/api/admin/audit/?limit=200', admin))
      .json<{ results: { action: string; target_type: string; target_id: string }[] }>()
      .results.map((entry) => `${entry.action} ${entry.target_type} ${entry.target_id}`);

  it('refuses every moderation call to anonymous callers (401) and to members (403)', async () => {
    for (const [method, url] of MODERATION_CALLS) {
      expect((await call(method, url)).statusCode, url).toBe(401);
      expect((await call(method, url, reporter)).statusCode, url).toBe(403);
    }
    expect((await call('GET', '/api/avisos/')).statusCode).toBe(401);
  });

  it('shows the reported content in context, and a dismissal leaves it visible and tells the reporter', async () => {
    const post = await publish(author, 'A harmless post about swimming');
    const reportId = await report(reporter, 'post', post.id);
    const queue = (await call('GET', '/api/admin/reports/', admin)).json<{ results: QueueItem[] }>();
    expect(queue.results.find((item) => item.id === reportId)).toMatchObject({
      target_type: 'post',
      target_id: post.id,
      reporter: { id: reporter.user.id, name: 'Reporter García' },
      content: { author_id: author.user.id, text: 'A harmless post about swimming', hidden: false },
    });

    expect((await call('POST', `/api/admin/reports/${reportId}/dismiss/`, admin)).statusCode).toBe(200);
    expect((await feedOf(reporter)).map((item) => item.id)).toContain(post.id);
    expect(await noticesOf(reporter)).toContainEqual(
      expect.objectContaining({
        kind: 'report_outcome',
        data: { outcome: 'dismissed', target_type: 'post' },
        read: false,
      }),
    );
    const again = await call('POST', `/api/admin/reports/${reportId}/dismiss/`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'report_closed' });
    const open = (await call('GET', '/api/admin/reports/', admin)).json<{ results: QueueItem[] }>();
    expect(open.results.map((item) => item.id)).not.toContain(reportId);
    expect(await auditActions()).toContain(`report.dismiss report ${reportId}`);
  });

  it('hides a post from everyone but its author, closes every report of it and tells everyone concerned', async () => {
    const post = await publish(author, 'Something hateful');
    const first = await report(reporter, 'post', post.id);
    const second = await report(friend, 'post', post.id);

    expect((await call('POST', `/api/admin/reports/${first}/hide/`, admin)).statusCode).toBe(200);

    expect((await feedOf(reporter)).map((item) => item.id)).not.toContain(post.id);
    expect((await feedOf(friend)).map((item) => item.id)).not.toContain(post.id);
    const search = await call('GET', '/api/posts/search/?q=hateful', reporter);
    expect(search.json<{ results: Post[] }>().results).toEqual([]);
    expect((await call('POST', `/api/posts/${post.id}/like/`, reporter)).statusCode).toBe(404);
    expect((await call('POST', `/api/posts/${post.id}/comment/`, reporter, { text: 'hm' })).statusCode).toBe(
      404,
    );
    const own = (await feedOf(author)).find((item) => item.id === post.id);
    expect(own).toMatchObject({ hidden: true, is_author: true });

    expect(await noticesOf(author)).toContainEqual(
      expect.objectContaining({
        kind: 'content_hidden',
        data: { target_type: 'post', excerpt: 'Something hateful' },
      }),
    );
    for (const who of [reporter, friend])
      expect(await noticesOf(who)).toContainEqual(
        expect.objectContaining({ kind: 'report_outcome', data: { outcome: 'hidden', target_type: 'post' } }),
      );
    expect((await call('POST', `/api/admin/reports/${second}/hide/`, admin)).statusCode).toBe(409);
    expect(await auditActions()).toContain(`content.hide post ${post.id}`);

    // A moderator's mistake can be undone; the author is told.
    expect((await call('POST', `/api/admin/content/post/${post.id}/restore/`, admin)).statusCode).toBe(200);
    expect((await feedOf(reporter)).map((item) => item.id)).toContain(post.id);
    expect((await call('POST', `/api/admin/content/post/${post.id}/restore/`, admin)).statusCode).toBe(409);
    expect((await noticesOf(author)).map((notice) => notice.kind)).toContain('content_restored');
    expect(await auditActions()).toContain(`content.restore post ${post.id}`);
  });

  it('hides a comment and a gallery image, counts only what others may see', async () => {
    const post = await publish(friend, 'Holiday by the sea');
    const commented = await call('POST', `/api/posts/${post.id}/comment/`, author, { text: 'Rude words' });
    const commentId = commented.json<{ id: number }>().id;
    const reportId = await report(reporter, 'comment', commentId);
    const queue = (await call('GET', '/api/admin/reports/', admin)).json<{ results: QueueItem[] }>();
    expect(queue.results.find((item) => item.id === reportId)?.content).toMatchObject({
      text: 'Rude words',
      parent: 'Holiday by the sea',
    });
    await call('POST', `/api/admin/reports/${reportId}/hide/`, admin);
    const seen = (await feedOf(reporter)).find((item) => item.id === post.id);
    expect(seen?.comments_count).toBe(0);
    expect(seen?.comments).toEqual([]);
    const byAuthor = (await feedOf(author)).find((item) => item.id === post.id);
    expect(byAuthor?.comments).toEqual([expect.objectContaining({ text: 'Rude words', hidden: true })]);

    const uploaded = await sendForm(
      t.app,
      author.access,
      'POST',
      '/api/gallery/images/',
      { title: 'Beach' },
      await imageFile(),
    );
    expect(uploaded.statusCode).toBe(201);
    const imageId = uploaded.json<{ id: number }>().id;
    const remark = await call('POST', `/api/gallery/images/${imageId}/comment/`, friend, {
      text: 'Mean remark',
    });
    expect(remark.statusCode).toBe(201);
    const remarkId = remark.json<{ id: number }>().id;
    await call(
      'POST',
      `/api/admin/reports/${await report(author, 'gallery_comment', remarkId)}/hide/`,
      admin,
    );
    const ownersView = await call('GET', `/api/gallery/images/${imageId}/`, author);
    expect(ownersView.json()).toMatchObject({ comments: [], comments_count: 0 });
    const remarkersView = await call('GET', `/api/gallery/images/${imageId}/`, friend);
    expect(remarkersView.json()).toMatchObject({
      comments: [expect.objectContaining({ id: remarkId, content: 'Mean remark', hidden: true })],
    });
    await call('POST', `/api/admin/reports/${await report(friend, 'image', imageId)}/hide/`, admin);
    expect((await call('GET', `/api/gallery/images/${imageId}/`, friend)).statusCode).toBe(404);
    const friendsView = await call('GET', `/api/gallery/images/?owner=${author.user.id}`, friend);
    expect(JSON.stringify(friendsView.json())).not.toContain(`"id":${imageId},`);
    const ownerView = await call('GET', `/api/gallery/images/${imageId}/`, author);
    expect(ownerView.json()).toMatchObject({ id: imageId, hidden: true });
  });

  it('acts once when two administrators hide the same report at the same moment', async () => {
    const post = await publish(friend, 'Posted twice over');
    const reportId = await report(reporter, 'post', post.id);
    const answers = await Promise.all([
      call('POST', `/api/admin/reports/${reportId}/hide/`, admin),
      call('POST', `/api/admin/reports/${reportId}/hide/`, admin),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const hiddenNotices = (await noticesOf(friend)).filter(
      (notice) => notice.kind === 'content_hidden' && notice.data.excerpt === 'Posted twice over',
    );
    expect(hiddenNotices).toHaveLength(1);
  });

  it('refuses to hide a member (suspend instead) and content that no longer exists', async () => {
    const memberReport = await report(reporter, 'member', author.user.id);
    const hidden = await call('POST', `/api/admin/reports/${memberReport}/hide/`, admin);
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json()).toMatchObject({ code: 'member_report' });
    // A report needs a post that exists when it is filed; its author deletes it afterwards.
    const deleted = await publish(author, 'Soon gone');
    const gone = await report(reporter, 'post', deleted.id);
    expect((await call('DELETE', `/api/posts/${deleted.id}/`, author)).statusCode).toBe(200);
    const answer = await call('POST', `/api/admin/reports/${gone}/hide/`, admin);
    expect(answer.statusCode).toBe(404);
    expect((await call('POST', `/api/admin/reports/${gone}/dismiss/`, admin)).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/reports/999999/dismiss/', admin)).statusCode).toBe(404);
  });

  it('suspends a member: sockets closed, sessions ended, sign-in refused, content hidden; reactivation restores', async () => {
    const target = await createMemberWithProfile(t.app, { nombre: 'Troll' });
    await makeFriends(t.app, target.user.id, reporter.user.id);
    const post = await publish(target, 'Trolling everyone');
    const socket = await connectChat(t.app, target.access);
    const reportId = await report(reporter, 'member', target.user.id);
    const postReport = await report(friend, 'post', post.id);

    const suspended = await call('POST', `/api/admin/reports/${reportId}/suspend/`, admin);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ member_id: target.user.id });

    expect(await socket.closed).toMatchObject({ code: 4401, reason: 'account suspended' });
    expect(socket.frames).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'account_suspended' }),
    );
    // The access token still has minutes to live; it is refused anyway.
    expect((await call('GET', '/api/posts/', target)).statusCode).toBe(401);
    const refresh = await call('POST', '/api/token/refresh/', undefined, { refresh: target.refresh });
    expect(refresh.statusCode).toBe(401);
    const login = await call('POST', '/api/login/', undefined, {
      email: target.email,
      password: target.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'account_suspended' });
    const wrongPassword = await call('POST', '/api/login/', undefined, {
      email: target.email,
      password: 'not-the-password-1A!',
    });
    expect(wrongPassword.statusCode).toBe(401);

    expect((await feedOf(reporter)).map((item) => item.id)).not.toContain(post.id);
    // Out of friends' lists and unreachable in the chat until reactivated.
    const friendsOf = await call('GET', '/api/amigos/', reporter);
    expect(friendsOf.json<{ id: number }[]>().map((row) => row.id)).not.toContain(target.user.id);
    const chat = await connectChat(t.app, reporter.access);
    chat.send({ receiver_id: target.user.id, message: 'Are you there?', temp_id: 'suspended-1' });
    expect(await chat.waitFor((frame) => frame.type === 'error')).toMatchObject({ code: 'bloqueado' });
    await chat.close();
    // A second report about the same person is settled by the suspension already in place.
    const settled = await call('POST', `/api/admin/reports/${postReport}/suspend/`, admin);
    expect(settled.statusCode).toBe(200);
    expect(await noticesOf(friend)).toContainEqual(
      expect.objectContaining({ data: { outcome: 'suspended', target_type: 'post' } }),
    );
    expect((await call('GET', `/api/buscar/perfil/${target.user.id}/`, reporter)).statusCode).toBe(404);
    expect(await noticesOf(reporter)).toContainEqual(
      expect.objectContaining({ data: { outcome: 'suspended', target_type: 'member' } }),
    );
    const list = (await call('GET', '/api/admin/members/suspended/', admin)).json<{
      results: { id: number }[];
    }>();
    expect(list.results.map((row) => row.id)).toContain(target.user.id);
    expect((await call('POST', `/api/admin/members/${target.user.id}/suspend/`, admin)).statusCode).toBe(409);

    expect((await call('POST', `/api/admin/members/${target.user.id}/reactivate/`, admin)).statusCode).toBe(
      200,
    );
    expect((await feedOf(reporter)).map((item) => item.id)).toContain(post.id);
    const again = await call('POST', '/api/login/', undefined, {
      email: target.email,
      password: target.password,
    });
    expect(again.statusCode).toBe(200);
    expect((await call('POST', `/api/admin/members/${target.user.id}/reactivate/`, admin)).statusCode).toBe(
      409,
    );
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        `member.suspend member ${target.user.id}`,
        `member.reactivate member ${target.user.id}`,
      ]),
    );
  });

  it('never suspends an administrator', async () => {
    const answer = await call('POST', `/api/admin/members/${admin.user.id}/suspend/`, admin);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'cannot_suspend_admin' });
    expect((await call('POST', '/api/admin/members/999999/suspend/', admin)).statusCode).toBe(404);
  });

  it('lets members mark their own notices read, and no one else’s', async () => {
    const [notice] = await noticesOf(reporter);
    if (!notice) throw new Error('the reporter has notices from the tests above');
    expect((await call('POST', `/api/avisos/${notice.id}/leido/`, friend)).statusCode).toBe(404);
    expect((await call('POST', `/api/avisos/${notice.id}/leido/`, reporter)).statusCode).toBe(204);
    expect((await noticesOf(reporter)).find((item) => item.id === notice.id)?.read).toBe(true);
  });
});
