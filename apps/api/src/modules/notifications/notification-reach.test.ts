import { createECDH, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
// web-push's own encryption library (RFC 8188), here to read what the fake push service received.
import ece from 'http_ece';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@juntos/domain';
import { notifications } from '../../db/schema';
import { connectChat } from '../../test-support/chat-client';
import { parseEmail } from '../../test-support/email-message';
import { eventually } from '../../test-support/eventually';
import { createMemberWithProfile, makeFriends, sendForm } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { mailAndPushReceivers } from '../../test-support/mail-and-push-receivers';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { NOTIFICATION_JOBS } from './notifications.service';
import { requestAs } from '../../test-support/requests';

/**
 * Issue 32: what the e-mails, the pushes, the badge and the centre count is what the member may
 * see. A member blocked after sending a friend request, messages or a comment no longer counts in
 * any of them, however the notification was grouped before the block.
 */
describe('notification counts apply the reach rule', () => {
  const receivers = mailAndPushReceivers();
  // Listening: the chat's socket needs a real port.
  const world = testAppWithMembers({ listening: true, environment: receivers.environment });

  const call = (method: 'GET' | 'POST', url: string, member: Member, payload?: object) =>
    requestAs(world.app, member.access, method, url, payload);
  const unread = async (member: Member) =>
    (await call('GET', '/api/notificaciones/sin-leer/', member)).json<{ unread: number }>().unread;
  const centre = async (member: Member) =>
    (await call('GET', '/api/notificaciones/', member)).json<{ results: Notification[] }>().results;
  const emailsTo = (member: Member) =>
    receivers.smtp.messages.filter(
      (message) => message.to.includes(member.email) && message.raw.includes('List-Unsubscribe:'),
    );

  /** Ana hears from Bea (to be blocked) and Carla (not): a comment each, two and one messages; Dani asks to be her friend. */
  async function eventsFromFourMembers() {
    const [ana, bea, carla, dani] = await Promise.all(
      ['Ana', 'Bea', 'Carla', 'Dani'].map((nombre) => createMemberWithProfile(world.app, { nombre })),
    );
    const [a, b, c, d] = [ana!, bea!, carla!, dani!];
    await makeFriends(world.app, a.user.id, b.user.id);
    await makeFriends(world.app, a.user.id, c.user.id);
    const created = await sendForm(world.app, a.access, 'POST', '/api/posts/', { text: 'News' });
    const postId = created.json<{ id: number }>().id;
    expect((await call('POST', `/api/posts/${postId}/comment/`, b, { text: 'one' })).statusCode).toBe(201);
    expect((await call('POST', `/api/posts/${postId}/comment/`, c, { text: 'two' })).statusCode).toBe(201);
    expect((await call('POST', `/api/solicitudes/enviar/${a.user.id}/`, d)).statusCode).toBe(201);
    // Ana has no socket open: each message is told.
    const beaSocket = await connectChat(world.app, b.access);
    const carlaSocket = await connectChat(world.app, c.access);
    for (const [socket, tempId] of [
      [beaSocket, 'b1'],
      [beaSocket, 'b2'],
      [carlaSocket, 'c1'],
    ] as const)
      socket.send({
        receiver_id: a.user.id,
        message: 'hello',
        temp_id: tempId,
        active_conversation_with: null,
      });
    await eventually(async () =>
      expect((await centre(a)).find((item) => item.kind === 'message')?.events).toBe(3),
    );
    await beaSocket.close();
    await carlaSocket.close();
    return { ana: a, bea: b, carla: c, dani: d };
  }

  const block = async (member: Member, other: Member) =>
    expect((await call('POST', `/api/bloqueos/${other.user.id}/`, member)).statusCode).toBeLessThan(300);

  it('leaves blocked members out of the badge, the centre, the digest e-mail and the push', async () => {
    const { ana, bea, dani } = await eventsFromFourMembers();
    expect(await unread(ana)).toBe(3);

    await block(ana, bea);
    await block(ana, dani);

    // The badge and the centre: Dani's request is gone, Bea's comment and messages are not counted.
    expect(await unread(ana)).toBe(2);
    const shown = await centre(ana);
    expect(shown.map((item) => item.kind).sort()).toEqual(['comment', 'message']);
    expect(shown.find((item) => item.kind === 'comment')?.people).toBe(1);
    expect(shown.find((item) => item.kind === 'message')).toMatchObject({ people: 1, events: 1 });

    // The digest e-mail counts the same.
    await world.app.jobs.send(NOTIFICATION_JOBS.digest, { userId: ana.user.id });
    const raw = await eventually(() => {
      const [found] = emailsTo(ana);
      expect(found).toBeDefined();
      return found!.raw;
    });
    const { text } = parseEmail(raw);
    expect(text).toContain('1 person commented on what you shared');
    expect(text).toContain('You have 1 new message from friends');
    expect(text).not.toMatch(/friend request/);

    // The push counts two notifications, not three (the device comes after the events, so the
    // push is queued here by hand, as the event would have queued it).
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const subscribed = await call('POST', '/api/notificaciones/dispositivos/', ana, {
      endpoint: `${receivers.push.url}/push/reach-${ana.user.id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    await world.app.jobs.send(NOTIFICATION_JOBS.push, { userId: ana.user.id });
    const received = await eventually(() => {
      const found = receivers.push.received.find((request) => request.path === `/push/reach-${ana.user.id}`);
      expect(found).toBeDefined();
      return found!;
    });
    const body = JSON.parse(
      ece
        .decrypt(received.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
        .toString('utf8'),
    ) as { body: string };
    expect(body.body).toBe('You have 2 new notifications');
  });

  it('sends nothing for what only blocked members did, and the sweep does not pick it again', async () => {
    const [eva, dani] = await Promise.all([
      createMemberWithProfile(world.app, { nombre: 'Eva' }),
      createMemberWithProfile(world.app, { nombre: 'Dani' }),
    ]);
    expect((await call('POST', `/api/solicitudes/enviar/${eva.user.id}/`, dani)).statusCode).toBe(201);
    expect(await unread(eva)).toBe(1);
    await block(eva, dani);
    expect(await unread(eva)).toBe(0);

    await world.app.jobs.send(NOTIFICATION_JOBS.digest, { userId: eva.user.id });
    // Counted on the e-mail channel with nothing told: the digest sweep no longer finds it due.
    await eventually(async () => {
      const waiting = await world.app.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, eva.user.id), isNull(notifications.emailedAt)));
      expect(waiting).toEqual([]);
    });
    expect(emailsTo(eva)).toEqual([]);
  });
});
