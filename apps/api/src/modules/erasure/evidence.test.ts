import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Post } from '@juntos/domain';
import { adminAuditLog, chatMessages, reports } from '../../db/schema';
import { createMemberWithProfile, imageFile, makeFriends, sendForm } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { requestAs } from '../../test-support/requests';

type SnapshotMessage = {
  id: number;
  sender_id: number | null;
  sender_label: string | null;
  message: string;
  reported: boolean;
};
type QueueItem = {
  id: number;
  target_type: string;
  target_id: number | null;
  former_member: string | null;
  content: { author_id: number; text: string } | null;
  snapshot: {
    author_id: number | null;
    author_name: string | null;
    author_label: string | null;
    title: string | null;
    text: string;
    image_url: string | null;
    image_removed: boolean;
    context: SnapshotMessage[] | null;
  } | null;
  context: SnapshotMessage[] | null;
};

/** Keys whose value is a member's id in the answers read here (message and report ids are not). */
const MEMBER_KEYS = new Set(['author_id', 'sender_id', 'receiver_id', 'member_id', 'user_id']);

/** Every member id anywhere in an answer. */
function memberIdsIn(value: unknown, key = ''): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => memberIdsIn(item, key));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, inner]) => memberIdsIn(inner, name));
  return MEMBER_KEYS.has(key) ? [value] : [];
}

/**
 * Issue 32 (4), decision 0032: evidence outlives its author. A member who erases their account
 * takes with them everything about them but what others received from them and what others
 * reported: that stays, under a random label, for its retention period. A report keeps what it
 * was filed about when the author deletes it.
 */
describe('evidence outlives its author', () => {
  const world = testAppWithMembers({ admins: { admin: { nombre: 'Mod' } } });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, member: Member, payload?: object) =>
    requestAs(world.app, member.access, method, url, payload);
  const store = async (from: Member, to: Member, message: string) => {
    const [row] = await world.app.database.db
      .insert(chatMessages)
      .values({ senderId: from.user.id, receiverId: to.user.id, message, tempId: `t-${message}` })
      .returning({ id: chatMessages.id });
    return row!.id;
  };
  const report = async (who: Member, target_type: string, target_id: number) => {
    const response = await call('POST', '/api/reportes/', who, {
      target_type,
      target_id,
      reason: 'harassment',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const queue = async () => {
    const response = await call('GET', '/api/admin/reports/?status=open&limit=100', world.admin);
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, items: response.json<{ results: QueueItem[] }>().results };
  };
  const erase = async (member: Member) => {
    const response = await call('DELETE', '/api/delete-account/', member, { password: member.password });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('keeps what an erased member sent in the receiver’s copy, from a former member, and the reports about him', async () => {
    const harasser = await createMemberWithProfile(world.app, {
      nombre: 'Hieronymus',
      apellidos: 'Quellbrunn',
    });
    const receiver = await createMemberWithProfile(world.app, { nombre: 'Rosa' });
    await makeFriends(world.app, harasser.user.id, receiver.user.id);
    const sent = [
      await store(harasser, receiver, 'first: where do you live'),
      await store(harasser, receiver, 'second: I know your school'),
      await store(harasser, receiver, 'third: do not tell anyone'),
    ];
    await store(receiver, harasser, 'leave me alone');
    const messageReport = await report(receiver, 'chat_message', sent[1]!);
    const conversationReport = await report(receiver, 'chat_conversation', harasser.user.id);

    await erase(harasser);

    // The receiver still reads the three messages, from a former member: no name, no id.
    const conversations = await call('GET', '/api/chat/exmiembros/', receiver);
    expect(conversations.statusCode, conversations.body).toBe(200);
    const [conversation, ...others] =
      conversations.json<{ label: string; messages: number; unread: number }[]>();
    expect(others).toEqual([]);
    expect(conversation).toMatchObject({ messages: 3, unread: 3 });
    const label = conversation!.label;
    const page = await call('GET', `/api/chat/exmiembros/${label}/`, receiver);
    expect(page.statusCode, page.body).toBe(200);
    const messages = page.json<{
      results: { id: number; sender_id: null; former_member: string; message: string }[];
    }>().results;
    expect(messages.map((message) => message.message)).toEqual([
      'first: where do you live',
      'second: I know your school',
      'third: do not tell anyone',
    ]);
    expect(messages.every((message) => message.sender_id === null && message.former_member === label)).toBe(
      true,
    );
    for (const body of [conversations.body, page.body]) {
      expect(body).not.toMatch(/Hieronymus|Quellbrunn/);
      expect(memberIdsIn(JSON.parse(body))).not.toContain(harasser.user.id);
    }
    // Read-only: marking read works, nothing to answer; the unread counts of friends ignore it.
    expect((await call('POST', `/api/chat/exmiembros/${label}/marcar-leidos/`, receiver)).json()).toEqual({
      marcados: 3,
    });
    const unread = await call('GET', '/api/chat/no-leidos/', receiver);
    expect(unread.statusCode).toBe(200);
    expect(unread.json()).toEqual([]);
    // Someone else's label, or a malformed one: nothing to read.
    const stranger = await createMemberWithProfile(world.app, { nombre: 'Stranger' });
    expect((await call('GET', `/api/chat/exmiembros/${label}/`, stranger)).statusCode).toBe(404);
    const malformed = await call('GET', '/api/chat/exmiembros/not-a-label/', receiver);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ fields: { label: expect.any(String) } });

    // What he received went with him; what he sent is kept without his id or client ids.
    const stored = await world.app.database.db
      .select({
        senderId: chatMessages.senderId,
        tempId: chatMessages.tempId,
        formerSender: chatMessages.formerSender,
      })
      .from(chatMessages)
      .where(sql`${chatMessages.id} in ${[...sent, sent[2]! + 1]}`);
    expect(stored).toEqual(sent.map(() => ({ senderId: null, tempId: null, formerSender: label })));

    // Both reports are still in the moderators' queue, pseudonymised, with what was filed.
    const { body, items } = await queue();
    expect(body).not.toMatch(/Hieronymus|Quellbrunn/);
    expect(body).not.toContain(harasser.email);
    const ours = items.filter((item) => [messageReport, conversationReport].includes(item.id));
    expect(ours).toHaveLength(2);
    expect(memberIdsIn(ours)).not.toContain(harasser.user.id);
    const byMessage = ours.find((item) => item.id === messageReport)!;
    const byConversation = ours.find((item) => item.id === conversationReport)!;
    expect(byMessage).toMatchObject({ target_id: sent[1], former_member: label, content: null });
    expect(byMessage.snapshot).toMatchObject({
      author_id: null,
      author_name: null,
      author_label: label,
      text: 'second: I know your school',
    });
    expect(byMessage.context?.filter((row) => row.reported).map((row) => row.message)).toEqual([
      'second: I know your school',
    ]);
    expect(byConversation).toMatchObject({ target_id: null, former_member: label, content: null });
    expect(
      byConversation.snapshot?.context?.map((row) => [row.sender_id, row.sender_label, row.message]),
    ).toEqual([
      [null, label, 'first: where do you live'],
      [null, label, 'second: I know your school'],
      [null, label, 'third: do not tell anyone'],
      [receiver.user.id, null, 'leave me alone'],
    ]);

    // A message from the former member can still be reported by its receiver, under the label.
    const lateReport = await report(receiver, 'chat_message', sent[2]!);
    const late = (await queue()).items.find((item) => item.id === lateReport);
    expect(late).toMatchObject({ former_member: label, content: null });
    expect(late?.snapshot).toMatchObject({
      author_id: null,
      author_label: label,
      text: 'third: do not tell anyone',
    });
    expect(late?.context?.map((row) => [row.sender_id, row.reported])).toEqual([
      [null, false],
      [null, false],
      [null, true],
    ]);

    // An audit entry records that a reported member was erased; the report can still be settled.
    const [entry] = await world.app.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, 'member.erased_while_reported'),
          sql`${adminAuditLog.details} ->> 'former_member' = ${label}`,
        ),
      );
    expect(entry).toMatchObject({ targetType: 'member', details: { reports_kept: 2, open: 2 } });
    expect(entry?.targetId).toMatch(/^erased:/);
    expect(
      (await call('POST', `/api/admin/reports/${conversationReport}/suspend/`, world.admin)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/admin/reports/${conversationReport}/dismiss/`, world.admin)).statusCode,
    ).toBe(200);
    const [resolved] = await world.app.database.db
      .select({ status: reports.status, snapshot: reports.snapshot })
      .from(reports)
      .where(eq(reports.id, conversationReport));
    expect(resolved?.status).toBe('resolved');
    expect(resolved?.snapshot?.author_label).toBe(label);
  });

  it('keeps the snapshot taken at filing when the author deletes a reported post, and pseudonymises it at his erasure', async () => {
    const author = await createMemberWithProfile(world.app, { nombre: 'Wenceslas', apellidos: 'Oberholz' });
    const reporter = await createMemberWithProfile(world.app, { nombre: 'Rita' });
    const published = await sendForm(
      world.app,
      author.access,
      'POST',
      '/api/posts/',
      { title: 'Cure guaranteed', text: 'Stop your medication and buy my drops' },
      await imageFile(),
    );
    expect(published.statusCode, published.body).toBe(201);
    const post = published.json<Post>();
    const reportId = await report(reporter, 'post', post.id);
    expect((await call('DELETE', `/api/posts/${post.id}/`, author)).statusCode).toBeLessThan(300);

    const afterDeletion = (await queue()).items.find((item) => item.id === reportId);
    expect(afterDeletion).toMatchObject({ target_id: post.id, content: null, former_member: null });
    expect(afterDeletion?.snapshot).toMatchObject({
      author_id: author.user.id,
      author_name: 'Wenceslas Oberholz',
      title: 'Cure guaranteed',
      text: 'Stop your medication and buy my drops',
      image_removed: false,
    });
    expect(afterDeletion?.snapshot?.image_url).toEqual(expect.any(String));

    await erase(author);
    const { body, items } = await queue();
    const afterErasure = items.find((item) => item.id === reportId);
    expect(afterErasure?.former_member).toMatch(/^[0-9a-f]{12}$/);
    expect(afterErasure?.snapshot).toMatchObject({
      author_id: null,
      author_name: null,
      author_label: afterErasure?.former_member,
      text: 'Stop your medication and buy my drops',
      image_url: null,
      image_removed: true,
    });
    expect(body).not.toMatch(/Wenceslas|Oberholz/);
    expect(memberIdsIn(afterErasure)).not.toContain(author.user.id);
  });
});
