import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { firstRowOf } from '../../db/database';
import type { Notification, NotificationSettings } from '@juntos/domain';
import { communities, communityMembers, emailOutbox, notifications } from '../../db/schema';
import { connectChat, type ChatClient } from '../../test-support/chat-client';
import {
  createAdminWithProfile,
  createMemberWithProfile,
  imageFile,
  makeFriends,
  sendForm,
} from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { startSmtpReceiver } from '../../test-support/smtp-receiver';
import { parseEmail } from '../../test-support/email-message';
import { eventually } from '../../test-support/eventually';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { NOTIFICATION_JOBS } from './notifications.service';
import { paypalWithdrawal, startEarning } from '../../test-support/earnings';
import { requestAs } from '../../test-support/requests';

type Page = { results: Notification[]; next_before: number | null };

describe('notifications', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let refusing = 0;
  // Registered before the app's hooks: the receiver starts before the app and closes after it.
  beforeAll(async () => {
    smtp = await startSmtpReceiver({ refuse: () => (refusing > 0 ? ((refusing -= 1), true) : false) });
  });
  afterAll(async () => smtp.close());
  const world = testAppWithMembers({
    // The chat's socket needs a real port.
    listening: true,
    environment: () => ({
      SMTP_URL: smtp.url,
      NOTIFICATION_EMAIL_DELAY_SECONDS: '0',
      JOBS_RETRY_DELAY_SECONDS: '1',
    }),
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    member: Member,
    payload?: object,
    language = 'en',
  ) => requestAs(world.app, member.access, method, url, payload, language);
  const page = async (member: Member, query = '') =>
    (await call('GET', `/api/notificaciones/${query}`, member)).json<Page>();
  const unread = async (member: Member) =>
    (await call('GET', '/api/notificaciones/sin-leer/', member)).json<{ unread: number }>().unread;
  const settingsOf = async (member: Member) =>
    (await call('GET', '/api/notificaciones/ajustes/', member)).json<{
      settings: NotificationSettings;
      email: string;
      minor: boolean;
    }>();
  const save = (member: Member, settings: NotificationSettings, language = 'en') =>
    call('PUT', '/api/notificaciones/ajustes/', member, settings, language);
  const post = async (member: Member, text: string) => {
    const answer = await sendForm(world.app, member.access, 'POST', '/api/posts/', { text });
    if (answer.statusCode !== 201) throw new Error(answer.body);
    return answer.json<{ id: number }>().id;
  };
  const like = (member: Member, postId: number) => call('POST', `/api/posts/${postId}/like/`, member);
  const comment = (member: Member, postId: number, text: string) =>
    call('POST', `/api/posts/${postId}/comment/`, member, { text });
  /** The notification e-mails a member received (not the activation e-mail). */
  const emailsTo = (member: Member) =>
    smtp.messages
      .filter((message) => message.to.includes(member.email) && message.raw.includes('List-Unsubscribe:'))
      // Long headers arrive folded over lines: unfolded, each header is one line.
      .map((message) => message.raw.replace(/\r?\n[ \t]+/g, ' '));

  it('groups likes on one post while unread, counts each member once, and starts anew once read', async () => {
    const ana = await createMemberWithProfile(world.app, { nombre: 'Ana' });
    const bea = await createMemberWithProfile(world.app, { nombre: 'Bea' });
    const carla = await createMemberWithProfile(world.app, { nombre: 'Carla' });
    const postId = await post(ana, 'Hello');

    await like(bea, postId);
    await like(carla, postId);
    // An unlike and a like again: still two people.
    await like(bea, postId);
    await like(bea, postId);
    // Liking one's own post tells nobody.
    await like(ana, postId);

    const first = await page(ana);
    expect(first.results).toHaveLength(1);
    expect(first.results[0]).toMatchObject({
      kind: 'like',
      people: 2,
      subject: { type: 'post', id: postId },
      read: false,
    });
    expect(first.results[0]?.actors.map((actor) => actor.nombre)).toEqual(['Bea', 'Carla']);
    expect(await unread(ana)).toBe(1);

    const read = await call('POST', `/api/notificaciones/${first.results[0]?.id}/leida/`, ana);
    expect(read.statusCode).toBe(204);
    expect(await unread(ana)).toBe(0);
    // Someone else's notification, or none: 404.
    expect((await call('POST', `/api/notificaciones/${first.results[0]?.id}/leida/`, bea)).statusCode).toBe(
      404,
    );

    await like(carla, postId); // unlike
    await like(carla, postId); // like again: a new, unread notification
    const second = await page(ana);
    expect(second.results.map((item) => [item.kind, item.people, item.read])).toEqual([
      ['like', 1, false],
      ['like', 2, true],
    ]);
    expect((await call('POST', '/api/notificaciones/leidas/', ana)).statusCode).toBe(204);
    expect(await unread(ana)).toBe(0);
  });

  it('names only members the safeguarding rule still lets the member reach', async () => {
    const ana = await createMemberWithProfile(world.app, { nombre: 'Ana' });
    const bea = await createMemberWithProfile(world.app, { nombre: 'Bea' });
    const carla = await createMemberWithProfile(world.app, { nombre: 'Carla' });
    const first = await post(ana, 'First');
    const second = await post(ana, 'Second');
    await like(bea, first);
    await like(carla, first);
    await like(bea, second);
    expect((await call('POST', `/api/bloqueos/${bea.user.id}/`, ana)).statusCode).toBeLessThan(300);

    const { results } = await page(ana);
    // The like by Bea alone is gone; the other counts and names Carla only.
    expect(
      results.map((item) => [item.subject?.id, item.people, item.actors.map((actor) => actor.nombre)]),
    ).toEqual([[first, 1, ['Carla']]]);
    expect(await unread(ana)).toBe(1);
  });

  it('records each kind of event once: requests, acceptances, comments, gallery, messages, moderation, payments, community replies', async () => {
    const ana = await createMemberWithProfile(world.app, { nombre: 'Ana' });
    const bea = await createMemberWithProfile(world.app, { nombre: 'Bea' });
    const kinds = async () =>
      (await page(ana)).results.map((item) => `${item.kind}:${item.people}:${item.events}`).sort();

    // Friend request and its acceptance.
    expect((await call('POST', `/api/solicitudes/enviar/${ana.user.id}/`, bea)).statusCode).toBe(201);
    expect((await call('POST', `/api/solicitudes/enviar/${bea.user.id}/`, ana)).statusCode).toBe(201);
    expect((await page(bea)).results.map((item) => item.kind)).toEqual(['friend_accepted']);
    expect((await page(bea)).results[0]?.actors[0]?.id).toBe(ana.user.id);

    // A comment on a post, and a like and a comment on a gallery picture (friends only).
    const postId = await post(ana, 'Morning walk');
    expect((await comment(bea, postId, 'Nice!')).statusCode).toBe(201);
    const image = await sendForm(
      world.app,
      ana.access,
      'POST',
      '/api/gallery/images/',
      { title: 'Sea' },
      await imageFile(),
    );
    expect(image.statusCode, image.body).toBe(201);
    const imageId = image.json<{ id: number }>().id;
    const liked = await call('POST', `/api/gallery/images/${imageId}/like/`, bea);
    expect(liked.statusCode, liked.body).toBe(200);
    expect(
      (await call('POST', `/api/gallery/images/${imageId}/comment/`, bea, { text: 'Lovely' })).statusCode,
    ).toBe(201);

    // A community reply: told as such, not as a second "comment".
    const [community] = await world.app.database.db
      .insert(communities)
      .values({ kind: 'topic', slug: `notifications-${Date.now()}`, name: { en: 'Test' } })
      .returning({ id: communities.id });
    await world.app.database.db.insert(communityMembers).values([
      { communityId: community!.id, userId: ana.user.id },
      { communityId: community!.id, userId: bea.user.id },
    ]);
    const inCommunity = await sendForm(
      world.app,
      ana.access,
      'POST',
      `/api/comunidades/${community!.id}/publicaciones/`,
      { text: 'Question' },
    );
    const communityPostId = inCommunity.json<{ id: number }>().id;
    expect((await comment(bea, communityPostId, 'Answer')).statusCode).toBe(201);

    expect(await kinds()).toEqual([
      'comment:1:1',
      'comment:1:1',
      'community_reply:1:1',
      'friend_request:1:1',
      'like:1:1',
    ]);
    const reply = (await page(ana)).results.find((item) => item.kind === 'community_reply');
    expect(reply).toMatchObject({
      community_id: community!.id,
      subject: { type: 'post', id: communityPostId },
    });
  });

  it('tells of a message only a member with no open connection, grouping messages from friends', async () => {
    const ana = await createMemberWithProfile(world.app, { nombre: 'Ana' });
    const bea = await createMemberWithProfile(world.app, { nombre: 'Bea' });
    const carla = await createMemberWithProfile(world.app, { nombre: 'Carla' });
    await makeFriends(world.app, ana.user.id, bea.user.id);
    await makeFriends(world.app, ana.user.id, carla.user.id);
    const beaSocket = await connectChat(world.app, bea.access);
    const carlaSocket = await connectChat(world.app, carla.access);
    const send = (socket: ChatClient, text: string, tempId: string) =>
      socket.send({
        receiver_id: ana.user.id,
        message: text,
        temp_id: tempId,
        active_conversation_with: null,
      });
    send(beaSocket, 'one', 'm1');
    send(beaSocket, 'two', 'm2');
    send(carlaSocket, 'three', 'm3');
    const messages = await eventually(async () => {
      const found = (await page(ana)).results.filter((item) => item.kind === 'message');
      expect(found[0]?.events).toBe(3);
      return found;
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]?.people).toBe(2);

    // With a socket open, a message is not stored as a notification: the tab shows it live.
    const anaSocket = await connectChat(world.app, ana.access);
    const beaCount = (await page(bea)).results.length;
    anaSocket.send({
      receiver_id: bea.user.id,
      message: 'hi',
      temp_id: 'm4',
      active_conversation_with: null,
    });
    await beaSocket.waitFor((frame) => frame.type === 'chat_message' && frame.temp_id === 'm4');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await page(bea)).results.length).toBe(beaCount);
    for (const socket of [anaSocket, beaSocket, carlaSocket]) await socket.close();
  });

  it('tells of a moderation decision and of a withdrawal paid or refused', async () => {
    const ana = await createMemberWithProfile(world.app);
    const bea = await createMemberWithProfile(world.app);
    const admin = await createAdminWithProfile(world.app);

    const postId = await post(ana, 'Something reported');
    const report = await call('POST', '/api/reportes/', bea, {
      target_type: 'post',
      target_id: postId,
      reason: 'spam',
    });
    expect(report.statusCode).toBe(201);
    const reportId = report.json<{ id: number }>().id;
    expect((await call('POST', `/api/admin/reports/${reportId}/hide/`, admin, {})).statusCode).toBe(200);
    expect((await page(ana)).results.map((item) => [item.kind, item.outcome])).toEqual([
      ['moderation', 'content_hidden'],
    ]);
    expect((await page(bea)).results.map((item) => [item.kind, item.outcome])).toEqual([
      ['moderation', 'report_outcome'],
    ]);

    await startEarning(world.app, ana, 300);
    const billing = paypalWithdrawal(100);
    const withdrawal = (await call('POST', '/api/monetizacion/withdrawals/', ana, billing)).json<{
      id: number;
    }>();
    const move = (body: object) =>
      call('POST', `/api/admin/withdrawals/${withdrawal.id}/status/`, admin, body);
    expect((await move({ status: 'processing' })).statusCode).toBe(200);
    expect((await page(ana)).results.filter((item) => item.kind === 'withdrawal')).toHaveLength(0);
    expect((await move({ status: 'paid', reference: 'TX-1' })).statusCode).toBe(200);
    expect((await page(ana)).results.find((item) => item.kind === 'withdrawal')).toMatchObject({
      outcome: 'paid',
      subject: { type: 'withdrawal', id: withdrawal.id },
    });
  });

  it('hides a kind switched off in the app, and refuses bad settings naming the field in the member’s language', async () => {
    const ana = await createMemberWithProfile(world.app);
    const bea = await createMemberWithProfile(world.app);
    const defaults = await settingsOf(ana);
    expect(defaults).toMatchObject({ email: ana.email, minor: false });
    expect(defaults.settings).toMatchObject({
      email_frequency: 'daily',
      quiet_from: null,
      channels: {
        like: { in_app: true, email: false, push: false },
        message: { in_app: true, email: true, push: true },
        friend_request: { in_app: true, email: true, push: true },
      },
    });

    const postId = await post(ana, 'Hello');
    await like(bea, postId);
    expect(await unread(ana)).toBe(1);
    const likesOff = {
      ...defaults.settings,
      channels: { ...defaults.settings.channels, like: { in_app: false, email: false, push: false } },
    };
    expect((await save(ana, likesOff)).statusCode).toBe(200);
    expect(await unread(ana)).toBe(0);
    expect((await page(ana)).results).toHaveLength(0);
    // A kind still shown counts beside the hidden one.
    expect((await comment(bea, postId, 'Lovely')).statusCode).toBe(201);
    expect(await unread(ana)).toBe(1);
    expect((await page(ana)).results.map((shown) => shown.kind)).toEqual(['comment']);
    // Every page asks for the bell's count: the session check and one statement. Background work
    // (the e-mail job) can only add statements, so the fewest of three calls is the route's own.
    const statements: number[] = [];
    for (let call = 0; call < 3; call += 1) {
      const before = world.app.database.queryCount();
      await unread(ana);
      statements.push(world.app.database.queryCount() - before);
    }
    expect(Math.min(...statements)).toBe(2);

    const unpaired = await save(ana, { ...likesOff, quiet_from: '22:00', quiet_to: null }, 'es');
    expect(unpaired.statusCode).toBe(400);
    const fieldsOf = (answer: { json: () => unknown }) =>
      (answer.json() as { fields: Record<string, string> }).fields;
    expect(fieldsOf(unpaired).quiet_to).toMatch(/hora/i);
    const badZone = await save(ana, { ...likesOff, time_zone: 'Mars/Olympus' }, 'es');
    expect(badZone.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(badZone))).toEqual(['time_zone']);
    const badTime = await save(ana, { ...likesOff, quiet_from: '25:00', quiet_to: '07:00' });
    expect(Object.keys(fieldsOf(badTime))).toEqual(['quiet_from']);
    // Nothing stored was lost by the refusals.
    expect((await settingsOf(ana)).settings).toEqual(likesOff);
  });

  it('e-mails "immediately" once per burst, with counts only, a one-click unsubscribe, and retries a failed delivery', async () => {
    const ana = await createMemberWithProfile(world.app, {
      nombre: 'Ana',
      enfermedad: 'Síndrome de Ehlers-Danlos',
      orphacode: '98249',
    });
    const bea = await createMemberWithProfile(world.app, { nombre: 'Beatriz', apellidos: 'Quintanilla' });
    await makeFriends(world.app, ana.user.id, bea.user.id);
    const defaults = (await settingsOf(ana)).settings;
    expect((await save(ana, { ...defaults, email_frequency: 'immediately' })).statusCode).toBe(200);

    refusing = 1; // the first delivery fails: the job is retried
    const postId = await post(ana, 'My new treatment for Ehlers-Danlos');
    await comment(bea, postId, 'SECRET-COMMENT-TEXT about the diagnosis');
    const socket = await connectChat(world.app, bea.access);
    socket.send({
      receiver_id: ana.user.id,
      message: 'SECRET-MESSAGE-TEXT',
      temp_id: 'e1',
      active_conversation_with: null,
    });
    await socket.waitFor((frame) => frame.type === 'chat_message');
    await socket.close();

    const raw = await eventually(async () => {
      const found = emailsTo(ana);
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(refusing).toBe(0);
    const email = parseEmail(raw[0]!);
    for (const secret of ['Ehlers', 'Danlos', '98249', 'SECRET', 'Beatriz', 'Quintanilla', 'treatment'])
      expect(raw[0]).not.toContain(secret);
    expect(email.text).toMatch(/comment/i);
    expect(raw[0]).toMatch(/^List-Unsubscribe: <http:\/\/.+\/api\/notificaciones\/baja\/[\w.-]+\/>/m);
    expect(raw[0]).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // One-click unsubscribe works without a session; a forged token does not.
    const link = /^List-Unsubscribe: <https?:\/\/[^/]+(\/api\/notificaciones\/baja\/[\w.-]+\/)>/m.exec(
      raw[0]!,
    )![1]!;
    const forged = await world.app.inject({
      method: 'POST',
      url: link.replace(/\.[\w-]+\/$/, '.forged/'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(404);
    const unsubscribed = await world.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'es' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect((await settingsOf(ana)).settings.email_frequency).toBe('never');
  });

  it('sends no e-mail for a kind switched off by e-mail', async () => {
    const ana = await createMemberWithProfile(world.app);
    const bea = await createMemberWithProfile(world.app);
    const defaults = (await settingsOf(ana)).settings;
    const commentsNotByEmail = {
      ...defaults,
      email_frequency: 'immediately' as const,
      channels: { ...defaults.channels, comment: { in_app: true, email: false, push: false } },
    };
    expect((await save(ana, commentsNotByEmail)).statusCode).toBe(200);
    const postId = await post(ana, 'Hello');
    await comment(bea, postId, 'Hi');
    await like(bea, postId); // likes are not e-mailed by default either
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(emailsTo(ana)).toHaveLength(0);
    // Still in the app.
    expect((await page(ana)).results.map((item) => item.kind).sort()).toEqual(['comment', 'like']);
  });

  it('holds an immediate e-mail until the member’s quiet hours end', async () => {
    const ana = await createMemberWithProfile(world.app);
    const bea = await createMemberWithProfile(world.app);
    const defaults = (await settingsOf(ana)).settings;
    const hour = (offset: number) =>
      `${String((new Date().getUTCHours() + offset + 24) % 24).padStart(2, '0')}:00`;
    const quiet = {
      ...defaults,
      email_frequency: 'immediately' as const,
      quiet_from: hour(-1),
      quiet_to: hour(2),
    };
    expect((await save(ana, { ...quiet, time_zone: 'UTC' })).statusCode).toBe(200);
    await comment(bea, await post(ana, 'Hello'), 'Hi');

    const schema = sql.identifier(world.config.jobs.schema);
    const queued = await eventually(async () => {
      const row = await firstRowOf<{ start_after: string }>(
        world.app.database.db,
        sql`select start_after from ${schema}.job where name = ${NOTIFICATION_JOBS.email} and data->>'userId' = ${String(ana.user.id)}`,
      );
      expect(row).toBeDefined();
      return new Date(row!.start_after);
    });
    // Quiet until the top of the hour after next: more than an hour from now.
    expect(queued.getTime() - Date.now()).toBeGreaterThan(60 * 60 * 1000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(emailsTo(ana)).toHaveLength(0);
  });

  it('sends the daily digest once, counting only what no e-mail counted, to members whose digest is due', async () => {
    const ana = await createMemberWithProfile(world.app, { enfermedad: 'Marfan syndrome' });
    const bea = await createMemberWithProfile(world.app, { nombre: 'Bea' });
    const carla = await createMemberWithProfile(world.app, { nombre: 'Carla' });
    expect((await call('POST', `/api/solicitudes/enviar/${ana.user.id}/`, bea)).statusCode).toBe(201);
    expect((await call('POST', `/api/solicitudes/enviar/${ana.user.id}/`, carla)).statusCode).toBe(201);

    await world.app.jobs.send(NOTIFICATION_JOBS.digest, { userId: ana.user.id });
    const raw = await eventually(async () => {
      const found = emailsTo(ana);
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    const email = parseEmail(raw);
    expect(email.text).toContain('2 new friend requests');
    for (const secret of ['Marfan', 'Bea', 'Carla']) expect(raw).not.toContain(secret);

    // Sent again at once: nothing new, so no e-mail.
    await world.app.jobs.send(NOTIFICATION_JOBS.digest, { userId: ana.user.id });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(emailsTo(ana)).toHaveLength(1);
  });

  it.skipIf(process.env.DATABASE_URL !== undefined)(
    'the sweep queues the digests that are due (embedded database: the sweep reads every member)',
    async () => {
      const ana = await createMemberWithProfile(world.app);
      const bea = await createMemberWithProfile(world.app);
      const postId = await post(ana, 'Hello');
      await comment(bea, postId, 'Hi');
      await world.app.jobs.send(NOTIFICATION_JOBS.digestSweep, {});
      await eventually(async () => expect(emailsTo(ana)).toHaveLength(1));
      // Not due again for a day.
      await comment(bea, postId, 'Again');
      await world.app.jobs.send(NOTIFICATION_JOBS.digestSweep, {});
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(emailsTo(ana)).toHaveLength(1);
    },
  );

  it('deletes notifications 90 days after their last event', async () => {
    const ana = await createMemberWithProfile(world.app);
    const bea = await createMemberWithProfile(world.app);
    const postId = await post(ana, 'Old news');
    await like(bea, postId);
    await comment(bea, postId, 'Recent');
    const [old] = (await page(ana)).results.filter((item) => item.kind === 'like');
    await world.app.database.db
      .update(notifications)
      .set({ updatedAt: sql`now() - interval '91 days'` })
      .where(eq(notifications.id, old!.id));
    await world.app.jobs.send(NOTIFICATION_JOBS.expire, {});
    await eventually(async () =>
      expect((await page(ana)).results.map((item) => item.kind)).toEqual(['comment']),
    );
  });

  it('keeps no e-mail of a member in the outbox that names anyone', async () => {
    const rows = await world.app.database.db.select({ text: emailOutbox.textBody }).from(emailOutbox);
    for (const row of rows) expect(row.text).not.toContain('SECRET');
  });
});
