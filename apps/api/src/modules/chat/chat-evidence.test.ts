import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHAT_REPORT_CONTEXT } from '@juntos/domain';
import { chatMessages, users } from '../../db/schema';
import { createFriendPair, createMemberWithProfile } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { requestAs } from '../../test-support/requests';

type Message = { id: number; sender_id: number; message: string };
type QueueItem = {
  id: number;
  target_type: string;
  target_id: number;
  content: { author_id: number; text: string } | null;
  context: { id: number; sender_id: number; message: string; reported: boolean }[] | null;
};

/**
 * Issue 16 "Chat evidence kept": signing out hides a member's own copy only, reported messages
 * reach the moderators with their context. The purge after the stated period is the retention
 * job's (modules/retention/retention.test.ts).
 * Messages are stored directly (the socket's sending is chat.test.ts's subject); every read goes
 * through the HTTP API.
 */
describe('chat evidence', () => {
  const world = testAppWithMembers({ admins: { admin: { nombre: 'Mod' } } });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, member: Member, payload?: object) =>
    requestAs(world.app, member.access, method, url, payload);
  const store = async (from: Member, to: Member, message: string, createdAt?: Date) => {
    const [row] = await world.app.database.db
      .insert(chatMessages)
      .values({
        senderId: from.user.id,
        receiverId: to.user.id,
        message,
        ...(createdAt ? { createdAt } : {}),
      })
      .returning({ id: chatMessages.id });
    return row!.id;
  };
  const history = async (viewer: Member, friend: Member) => {
    const response = await call('GET', `/api/chat/historial/${friend.user.id}/`, viewer);
    expect(response.statusCode).toBe(200);
    return response.json<{ results: Message[] }>().results.map((row) => row.message);
  };
  const unread = async (member: Member) =>
    (await call('GET', '/api/chat/no-leidos/', member)).json<{ sender_id: number; count: number }[]>();
  const report = (who: Member, target_type: string, target_id: number) =>
    call('POST', '/api/reportes/', who, { target_type, target_id, reason: 'harassment' });
  const openQueue = async () => {
    const response = await call('GET', '/api/admin/reports/?status=open&limit=100', world.admin);
    expect(response.statusCode).toBe(200);
    return response.json<{ results: QueueItem[] }>().results;
  };

  it('signing out hides the caller’s copy only: the other member still reads, counts and reports it', async () => {
    const [ana, bruno] = await createFriendPair(world.app);
    const fromAna = await store(ana, bruno, 'Add me on WhatsApp');
    await store(bruno, ana, 'Who are you?');

    // What the web calls on every sign-out.
    const hidden = await call('DELETE', '/api/chat/borrar-mensajes/', ana);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ borrados: 2 });
    expect((await call('DELETE', '/api/chat/borrar-mensajes/', ana)).json()).toEqual({ borrados: 0 });

    // The caller's copy is gone from every read: history, unread counts, read marks.
    expect(await history(ana, bruno)).toEqual([]);
    expect(await unread(ana)).toEqual([]);
    const marked = await call('POST', `/api/chat/marcar-leidos/${bruno.user.id}/`, ana);
    expect(marked.json()).toEqual({ marcados: 0 });

    // The other member keeps theirs, unread count included.
    expect(await history(bruno, ana)).toEqual(['Add me on WhatsApp', 'Who are you?']);
    expect(await unread(bruno)).toEqual([{ sender_id: ana.user.id, count: 1 }]);
    expect((await report(bruno, 'chat_message', fromAna)).statusCode).toBe(201);

    // Messages after the sign-out are shown to both again.
    await store(bruno, ana, 'Hello again');
    expect(await history(ana, bruno)).toEqual(['Hello again']);
    expect(await unread(ana)).toEqual([{ sender_id: bruno.user.id, count: 1 }]);
    expect(await history(bruno, ana)).toEqual(['Add me on WhatsApp', 'Who are you?', 'Hello again']);
  });

  it('lets only the receiver report a message and only a member report a conversation (404 otherwise)', async () => {
    const [ana, bruno] = await createFriendPair(world.app);
    const carol = await createMemberWithProfile(world.app, { nombre: 'Carol' });
    const id = await store(ana, bruno, 'Something unkind');

    for (const [who, type, target] of [
      [carol, 'chat_message', id],
      [ana, 'chat_message', id],
      [bruno, 'chat_message', id + 1_000_000],
      [carol, 'chat_conversation', ana.user.id],
      [bruno, 'chat_conversation', bruno.user.id],
    ] as const) {
      const response = await report(who, type, target);
      expect(response.statusCode, `${who.user.id} ${type} ${target}`).toBe(404);
    }
    expect((await report(bruno, 'chat_conversation', ana.user.id)).statusCode).toBe(201);
    expect((await report(ana, 'chat_conversation', bruno.user.id)).statusCode).toBe(201);
    const reported = (await openQueue()).filter(
      (item) =>
        item.target_type.startsWith('chat_') && [id, ana.user.id, bruno.user.id].includes(item.target_id),
    );
    expect(reported.map((item) => `${item.target_type} ${item.target_id}`).sort()).toEqual(
      [`chat_conversation ${ana.user.id}`, `chat_conversation ${bruno.user.id}`].sort(),
    );
  });

  it('shows the moderators the reported message with the messages around it, also those both members hid', async () => {
    const [ana, bruno] = await createFriendPair(world.app);
    const before = [];
    for (let index = 0; index < CHAT_REPORT_CONTEXT + 2; index += 1)
      before.push(await store(index % 2 ? bruno : ana, index % 2 ? ana : bruno, `before ${index}`));
    const reportedId = await store(ana, bruno, 'Send me a photo, do not tell your parents');
    // Another conversation in between: not part of this one's context.
    const [other] = await createFriendPair(world.app, ['Other', 'Person']);
    await store(other, ana, 'unrelated');
    await call('DELETE', '/api/chat/borrar-mensajes/', ana);
    await call('DELETE', '/api/chat/borrar-mensajes/', bruno);
    for (let index = 0; index < CHAT_REPORT_CONTEXT + 2; index += 1)
      await store(bruno, ana, `after ${index}`);

    const created = await report(bruno, 'chat_message', reportedId);
    expect(created.statusCode).toBe(201);
    const item = (await openQueue()).find((row) => row.id === created.json<{ id: number }>().id);
    expect(item?.content).toMatchObject({
      author_id: ana.user.id,
      text: 'Send me a photo, do not tell your parents',
    });
    expect(item?.context?.map((row) => row.message)).toEqual([
      ...Array.from({ length: CHAT_REPORT_CONTEXT }, (_, index) => `before ${index + 2}`),
      'Send me a photo, do not tell your parents',
      ...Array.from({ length: CHAT_REPORT_CONTEXT }, (_, index) => `after ${index}`),
    ]);
    expect(item?.context?.filter((row) => row.reported).map((row) => row.id)).toEqual([reportedId]);

    // Nothing to hide in a chat (the evidence stays); the author can be suspended.
    const hide = await call('POST', `/api/admin/reports/${item?.id}/hide/`, world.admin);
    expect(hide.statusCode).toBe(409);
    expect(hide.json()).toMatchObject({ code: 'chat_report' });
    const suspend = await call('POST', `/api/admin/reports/${item?.id}/suspend/`, world.admin);
    expect(suspend.json()).toMatchObject({ outcome: 'suspended', member_id: ana.user.id });
    const [row] = await world.app.database.db
      .select({ suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, ana.user.id));
    expect(row?.suspendedAt).not.toBeNull();
  });

  it('shows a reported conversation’s last messages before the report', async () => {
    const [ana, bruno] = await createFriendPair(world.app);
    await store(ana, bruno, 'first');
    await store(bruno, ana, 'second');
    const created = await report(bruno, 'chat_conversation', ana.user.id);
    // A second later: PGlite's clock may give a message written in the report's millisecond the
    // report's own time, and "before the report" is by time.
    await store(ana, bruno, 'after the report', new Date(Date.now() + 1000));
    const item = (await openQueue()).find((row) => row.id === created.json<{ id: number }>().id);
    expect(item?.content).toMatchObject({ author_id: ana.user.id, text: '' });
    expect(item?.context?.map((row) => row.message)).toEqual(['first', 'second']);
  });
});
