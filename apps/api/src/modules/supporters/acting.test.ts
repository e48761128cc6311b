import { afterAll, describe, expect, it } from 'vitest';
import { bornYearsAgo, todayIso } from '@juntos/domain';
import type {
  ChatHistoryPage,
  GalleryImageDetails,
  Post,
  ActingSession,
  Me,
  Supporter,
  SupporterActivity,
  SupporterPermission,
} from '@juntos/domain';
import { eq } from 'drizzle-orm';
import { chatMessages, profiles, users } from '../../db/schema';
import { lastEmailTo } from '../../test-support/accounts';
import { chatSockets, settle } from '../../test-support/chat-client';
import { eventually } from '../../test-support/eventually';
import {
  createMemberWithProfile,
  imageFile,
  makeFriends,
  sendForm,
  type Member,
} from '../../test-support/profiles';
import { requestAs, type Method } from '../../test-support/requests';
import { testAppWithMembers } from '../../test-support/test-app-with-members';

/**
 * Issue 37 point 1, decision 0047 (second step): a supporter acts for the member with a short
 * token of their own session, never the member's password. What the grant allows is read at
 * every request, so a change or an end holds from the next one; sockets close at once.
 */
describe('a supporter acting for a member', () => {
  const world = testAppWithMembers({
    listening: true,
    members: {
      ana: { nombre: 'Ana' },
      bruno: { nombre: 'Bruno' },
      carla: { nombre: 'Carla' },
      dora: { nombre: 'Dora' },
      elena: { nombre: 'Elena' },
    },
  });
  const sockets = chatSockets();
  afterAll(() => sockets.closeAll());

  const call = (access: string | undefined, method: Method, url: string, payload?: object, language = 'en') =>
    requestAs(world.app, access, method, url, payload, language);

  /** `member` invites `supporter`, who accepts: the grant's id. */
  async function grant(member: Member, supporter: Member, permissions: SupporterPermission[]) {
    const invited = await call(member.access, 'POST', '/api/supporters/', {
      email: supporter.email,
      permissions,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { id } = invited.json<Supporter>();
    const accepted = await call(supporter.access, 'POST', `/api/supporting/${id}/accept/`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    return id;
  }

  async function act(supporter: Member, grantId: number) {
    const answer = await call(supporter.access, 'POST', `/api/supporting/${grantId}/session/`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<ActingSession>();
  }

  const status = async (access: string, method: Method, url: string, payload?: object) =>
    (await call(access, method, url, payload)).statusCode;

  it('acts as the member within the grant, and never on the account’s keys', async () => {
    const id = await grant(world.ana, world.bruno, ['posts']);
    const session = await act(world.bruno, id);
    expect(session).toMatchObject({
      member: { id: world.ana.user.id, nombre: 'Ana' },
      permissions: ['posts'],
    });
    expect(session.expires_at).toBeGreaterThan(Date.now());

    // The token's subject is the member.
    const me = await call(session.access, 'GET', '/api/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<Me>().id).toBe(world.ana.user.id);
    expect(await status(session.access, 'GET', '/api/posts/')).toBe(200);

    // Outside the grant: refused with a reason in the caller's language, and nothing happens.
    const chat = await call(session.access, 'GET', '/api/chat/friends/', undefined, 'es');
    expect(chat.statusCode).toBe(403);
    expect(chat.json()).toMatchObject({
      code: 'supporter_not_allowed',
      error: 'Estás ayudando a otra persona: solo ella puede hacer esto, o no te lo ha permitido.',
    });
    expect(await status(session.access, 'PUT', '/api/profile/', {})).toBe(403);
    // Never, whatever the grant: the password, the account, passkeys, supporters, earnings,
    // consents, the copy of all data — and no acting token makes another.
    const never: [Method, string, object?][] = [
      [
        'POST',
        '/api/change-password/',
        { current_password: world.ana.password, new_password: 'Another-Pass-123!' },
      ],
      ['DELETE', '/api/delete-account/', { password: world.ana.password }],
      ['GET', '/api/passkeys/'],
      ['GET', '/api/supporters/'],
      ['POST', '/api/supporters/', { email: world.carla.email, permissions: ['posts'] }],
      ['POST', `/api/supporting/${id}/session/`],
      ['POST', '/api/monetizacion/withdrawals/', {}],
      ['PUT', '/api/investigacion/consentimiento/', {}],
      ['POST', '/api/mis-datos/exportacion/'],
      ['POST', '/api/notificaciones/dispositivos/', {}],
    ];
    for (const [method, url, payload] of never)
      expect(await status(session.access, method, url, payload), `${method} ${url}`).toBe(403);
    // The member's own session is untouched, and the password still the member's.
    expect(await status(world.ana.access, 'GET', '/api/supporters/')).toBe(200);
    const login = await call(undefined, 'POST', '/api/login/', {
      email: world.ana.email,
      password: world.ana.password,
    });
    expect(login.statusCode).toBe(200);

    // Only the supporter of an active grant gets a session, and only with their own session.
    expect(await status(world.carla.access, 'POST', `/api/supporting/${id}/session/`)).toBe(404);
    expect(await status(world.ana.access, 'POST', `/api/supporting/${id}/session/`)).toBe(404);
    expect(await status(world.bruno.access, 'POST', '/api/supporting/999999999/session/')).toBe(404);

    await call(world.ana.access, 'DELETE', `/api/supporters/${id}/`);
  });

  it('follows the member’s changes from the next request, and ends with the grant or the supporter’s session', async () => {
    const id = await grant(world.carla, world.dora, ['posts']);
    const session = await act(world.dora, id);
    expect(await status(session.access, 'GET', '/api/chat/friends/')).toBe(403);

    // The member allows messages and takes back posts: the same token follows at once.
    await call(world.carla.access, 'PATCH', `/api/supporters/${id}/`, { permissions: ['messages'] });
    expect(await status(session.access, 'GET', '/api/chat/friends/')).toBe(200);
    expect(await status(session.access, 'GET', '/api/posts/')).toBe(403);

    // The supporter's own session ends (logout): so does every acting token of it.
    const second = await call(undefined, 'POST', '/api/login/', {
      email: world.dora.email,
      password: world.dora.password,
    });
    const dora = second.json<{ access: string; refresh: string }>();
    const acting = (await call(dora.access, 'POST', `/api/supporting/${id}/session/`)).json<ActingSession>();
    expect(await status(acting.access, 'GET', '/api/me')).toBe(200);
    await call(dora.access, 'POST', '/api/logout/', { refresh: dora.refresh });
    expect(await status(acting.access, 'GET', '/api/me')).toBe(401);
    expect(await status(session.access, 'GET', '/api/me')).toBe(200);

    // The member ends the grant: the next request is refused.
    expect(await status(world.carla.access, 'DELETE', `/api/supporters/${id}/`)).toBe(204);
    expect(await status(session.access, 'GET', '/api/me')).toBe(401);
    expect(await status(world.dora.access, 'POST', `/api/supporting/${id}/session/`)).toBe(404);
  });

  it('closes the supporter’s live sockets when the grant ends, and leaves the member’s open', async () => {
    const id = await grant(world.elena, world.bruno, ['messages']);
    const session = await act(world.bruno, id);
    const member = await sockets.open(world.app, world.elena.access);
    const helper = await sockets.open(world.app, session.access);

    // Taking messages away closes the acting socket; posts alone never open one.
    await call(world.elena.access, 'PATCH', `/api/supporters/${id}/`, { permissions: ['posts'] });
    expect((await helper.closed).code).toBe(4401);
    expect(helper.frames).toContainEqual(
      expect.objectContaining({ code: 'session_ended', reason: 'support_ended' }),
    );
    const refused = await sockets.open(world.app, session.access);
    expect((await refused.closed).code).toBe(4401);

    await call(world.elena.access, 'PATCH', `/api/supporters/${id}/`, { permissions: ['messages'] });
    const again = await sockets.open(world.app, session.access);
    await call(world.elena.access, 'DELETE', `/api/supporters/${id}/`);
    expect((await again.closed).code).toBe(4401);
    await settle();
    expect(member.socket.readyState).toBe(member.socket.OPEN);
  });

  it('lists every change a supporter made, and every message sent, in the member’s activity list', async () => {
    const id = await grant(world.carla, world.bruno, ['posts', 'messages']);
    const session = await act(world.bruno, id);
    const before = (
      await call(world.carla.access, 'GET', '/api/supporters/activity/')
    ).json<SupporterActivity>();
    // A post written for Carla, a like, a refused change and mere reading.
    const written = await call(session.access, 'POST', '/api/posts/', undefined);
    expect(written.statusCode).toBeGreaterThanOrEqual(400);
    const post = await world.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: {
        authorization: `Bearer ${session.access}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nWritten with help\r\n--x--\r\n',
    });
    expect(post.statusCode, post.body).toBe(201);
    const postId = post.json<{ id: number }>().id;
    // Recorded before the answer leaves: the member's list already holds it, and in order.
    const newest = async () =>
      (await call(world.carla.access, 'GET', '/api/supporters/activity/')).json<SupporterActivity>()
        .actions[0]?.route;
    expect(await newest()).toBe('POST /api/posts/');
    expect(await status(session.access, 'POST', `/api/posts/${postId}/like/`)).toBe(200);
    expect(await newest()).toBe('POST /api/posts/:id/like/');
    expect(await status(session.access, 'PUT', '/api/profile/', {})).toBe(403);
    expect(await status(session.access, 'GET', '/api/posts/')).toBe(200);
    // A chat message on the acting socket.
    const socket = await sockets.open(world.app, session.access);
    await call(undefined, 'POST', '/api/__test__/friendship/', {
      a: world.carla.user.id,
      b: world.elena.user.id,
    });
    socket.send({
      receiver_id: world.elena.user.id,
      message: 'Hello from Carla (with help)',
      temp_id: 'helped-1',
    });
    await socket.waitFor((frame) => frame.temp_id === 'helped-1');

    // The message is delivered first and then recorded: the list may lag the echo a moment.
    const added = await eventually(async () => {
      const activity = (
        await call(world.carla.access, 'GET', '/api/supporters/activity/')
      ).json<SupporterActivity>();
      const actions = activity.actions.slice(0, activity.actions.length - before.actions.length);
      expect(actions[0]?.route).toBe('WS chat_message');
      return actions;
    });
    expect(
      added.map(({ route, scope, target_id, supporter }) => ({ route, scope, target_id, supporter })),
    ).toEqual([
      {
        route: 'WS chat_message',
        scope: 'messages',
        target_id: world.elena.user.id,
        supporter: { id: world.bruno.user.id, nombre: 'Bruno' },
      },
      {
        route: 'POST /api/posts/:id/like/',
        scope: 'posts',
        target_id: postId,
        supporter: { id: world.bruno.user.id, nombre: 'Bruno' },
      },
      {
        route: 'POST /api/posts/',
        scope: 'posts',
        target_id: null,
        supporter: { id: world.bruno.user.id, nombre: 'Bruno' },
      },
    ]);
    // Only the member reads it; a supporter never does.
    expect(await status(session.access, 'GET', '/api/supporters/activity/')).toBe(403);
    expect(
      (await call(world.bruno.access, 'GET', '/api/supporters/activity/'))
        .json<SupporterActivity>()
        .actions.map((action) => action.id),
    ).not.toContain(added[0]?.id);
    await call(world.carla.access, 'DELETE', `/api/supporters/${id}/`);
    // The record outlives the grant.
    expect(
      (await call(world.carla.access, 'GET', '/api/supporters/activity/')).json<SupporterActivity>()
        .actions[0],
    ).toMatchObject({ route: 'WS chat_message' });
  });

  it('ends every grant between two members when one blocks the other, and tells the member', async () => {
    const id = await grant(world.dora, world.elena, ['posts', 'messages']);
    const session = await act(world.elena, id);
    const helper = await sockets.open(world.app, session.access);
    expect(await status(session.access, 'POST', '/api/notificaciones/leidas/')).toBeLessThan(300);
    const activity = async () =>
      (await call(world.dora.access, 'GET', '/api/supporters/activity/')).json<SupporterActivity>().actions;
    expect((await activity())[0]?.supporter).toEqual({ id: world.elena.user.id, nombre: 'Elena' });
    expect(await status(world.elena.access, 'POST', `/api/bloqueos/${world.dora.user.id}/`)).toBeLessThan(
      300,
    );
    expect((await helper.closed).code).toBe(4401);
    expect(await status(session.access, 'GET', '/api/me')).toBe(401);
    const supporters = (await call(world.dora.access, 'GET', '/api/supporters/')).json<{
      supporters: Supporter[];
    }>();
    expect(supporters.supporters.map((item) => item.id)).not.toContain(id);
    // The record of what was done stays, but no longer names someone out of reach.
    expect((await activity())[0]).toMatchObject({
      route: 'POST /api/notificaciones/leidas/',
      supporter: null,
    });
    expect((await lastEmailTo(world.app, world.dora.email)).subject).toContain('Elena no longer helps you');
  });

  it('shows the supporter only people both may reach, and ends when the member is found to be a minor', async () => {
    const member = await createMemberWithProfile(world.app, { nombre: 'Fabia' });
    const helper = await createMemberWithProfile(world.app, { nombre: 'Gil' });
    const other = await createMemberWithProfile(world.app, { nombre: 'Hugo' });
    const session = await act(helper, await grant(member, helper, ['profile']));
    // The block list names a member only while in reach, and otherwise shows a bare id.
    const blockList = async (access: string) =>
      (await call(access, 'GET', '/api/bloqueos/'))
        .json<{ nombre: string }[]>()
        .map((blocked) => blocked.nombre);
    expect(await status(member.access, 'POST', `/api/bloqueos/${other.user.id}/`)).toBe(201);
    // Control: the member's own block list, as the supporter reads it.
    expect(await blockList(session.access)).toEqual(['Hugo']);
    // Hugo blocks the supporter: the member still sees whom they blocked, the supporter no more.
    expect(await status(other.access, 'POST', `/api/bloqueos/${helper.user.id}/`)).toBe(201);
    expect(await blockList(member.access)).toEqual(['Hugo']);
    expect(await blockList(session.access)).toEqual(['']);
    // An administrator finds the member is a minor: a minor has no supporter, from the next request.
    await world.app.database.db.update(users).set({ ageGroup: 'minor' }).where(eq(users.id, member.user.id));
    await world.app.database.db
      .update(profiles)
      .set({ dateOfBirth: bornYearsAgo(todayIso(), 15) })
      .where(eq(profiles.userId, member.user.id));
    expect(await status(session.access, 'GET', '/api/me')).toBe(401);
  });

  it('marks what a supporter wrote as written with help, to the member alone', async () => {
    const member = await createMemberWithProfile(world.app, { nombre: 'Inés' });
    const helper = await createMemberWithProfile(world.app, { nombre: 'Jon' });
    const friend = await createMemberWithProfile(world.app, { nombre: 'Kai' });
    await makeFriends(world.app, member.user.id, friend.user.id);
    const session = await act(helper, await grant(member, helper, ['posts', 'messages']));
    const idOf = (answer: { statusCode: number; body: string; json: <T>() => T }) => {
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ id: number }>().id;
    };
    const helpedPost = idOf(
      await sendForm(world.app, session.access, 'POST', '/api/posts/', { text: 'For Inés' }),
    );
    const ownPost = idOf(
      await sendForm(world.app, member.access, 'POST', '/api/posts/', { text: 'By Inés' }),
    );
    const friendPost = idOf(
      await sendForm(world.app, friend.access, 'POST', '/api/posts/', { text: 'By Kai' }),
    );
    const comment = idOf(
      await call(session.access, 'POST', `/api/posts/${friendPost}/comment/`, { text: 'Well said' }),
    );
    const image = idOf(
      await sendForm(
        world.app,
        session.access,
        'POST',
        '/api/gallery/images/',
        { title: 'Sea' },
        await imageFile(),
      ),
    );

    const feed = async (access: string) =>
      (await call(access, 'GET', '/api/posts/?limit=50')).json<{ results: Post[] }>().results;
    const marks = (posts: Post[]) => ({
      helped: posts.find((post) => post.id === helpedPost)?.written_with_help,
      own: posts.find((post) => post.id === ownPost)?.written_with_help,
      comment: posts.find((post) => post.id === friendPost)?.comments.find((item) => item.id === comment)
        ?.written_with_help,
    });
    expect(marks(await feed(member.access))).toEqual({ helped: true, own: false, comment: true });
    // An edit by the supporter marks the member's own post; an edit by the member keeps a mark.
    const edit = async (access: string, postId: number, text: string) =>
      expect((await sendForm(world.app, access, 'PUT', `/api/posts/${postId}/`, { text })).statusCode).toBe(
        200,
      );
    await edit(session.access, ownPost, 'By Inés, tidied by Jon');
    await edit(member.access, helpedPost, 'For Inés, and read again by her');
    expect(marks(await feed(member.access))).toEqual({ helped: true, own: true, comment: true });
    await edit(member.access, ownPost, 'By Inés again');
    expect(marks(await feed(member.access))).toMatchObject({ own: true });
    // Others read the member's words only.
    expect(marks(await feed(friend.access))).toEqual({ helped: false, own: false, comment: false });
    const picture = async (access: string) =>
      (await call(access, 'GET', `/api/gallery/images/${image}/`)).json<GalleryImageDetails>()
        .written_with_help;
    expect(await picture(member.access)).toBe(true);
    expect(await picture(friend.access)).toBe(false);

    // A message: the member's own sockets and history say so; the receiver's never do.
    const memberSocket = await sockets.open(world.app, member.access);
    const friendSocket = await sockets.open(world.app, friend.access);
    const helperSocket = await sockets.open(world.app, session.access);
    helperSocket.send({ receiver_id: friend.user.id, message: 'Hi Kai', temp_id: 'with-help-1' });
    const sent = (frame: Record<string, unknown>) =>
      frame.type === 'chat_message' && frame.temp_id === 'with-help-1';
    expect((await memberSocket.waitFor(sent)).written_with_help).toBe(true);
    expect((await friendSocket.waitFor(sent)).written_with_help).toBe(false);
    const lastMessage = async (access: string, other: number) =>
      (await call(access, 'GET', `/api/chat/historial/${other}/`)).json<ChatHistoryPage>().results.at(-1);
    expect(await lastMessage(member.access, friend.user.id)).toMatchObject({
      message: 'Hi Kai',
      written_with_help: true,
    });
    expect(await lastMessage(friend.access, member.user.id)).toMatchObject({
      message: 'Hi Kai',
      written_with_help: false,
    });
  });

  it('does not make the member appear online, nor sign them out, from a supporter’s socket', async () => {
    const member = await createMemberWithProfile(world.app, { nombre: 'Lía' });
    const helper = await createMemberWithProfile(world.app, { nombre: 'Mateo' });
    const friend = await createMemberWithProfile(world.app, { nombre: 'Nora' });
    await makeFriends(world.app, member.user.id, friend.user.id);
    const session = await act(helper, await grant(member, helper, ['messages']));
    const watching = await sockets.open(world.app, friend.access);
    const aboutMember = (frame: Record<string, unknown>) =>
      (frame.type === 'status_update' && frame.user_id === member.user.id) ||
      (frame.type === 'notification' && (frame.data as { sender_id?: number }).sender_id === member.user.id);

    // Control: the member's own socket is presence, and the friend hears of it.
    const own = await sockets.open(world.app, member.access);
    await watching.waitFor((frame) => frame.type === 'status_update' && frame.user_id === member.user.id);
    await own.close();
    await watching.waitFor(
      (frame) => frame.type === 'status_update' && frame.user_id === member.user.id && frame.online === false,
    );
    const heardBefore = watching.frames.length;

    // The supporter's socket comes and goes, and says "logout" on its way back: nothing reaches
    // the friend, and the member's own session goes on.
    const acting = await sockets.open(world.app, session.access);
    acting.send({ action: 'logout' });
    expect((await acting.closed).code).toBe(4000);
    // What the acting socket would have announced comes before the member's own return.
    const back = await sockets.open(world.app, member.access);
    await watching.waitFor(
      (frame) =>
        watching.frames.indexOf(frame) >= heardBefore &&
        frame.type === 'status_update' &&
        frame.user_id === member.user.id &&
        frame.online === true,
    );
    expect(watching.frames.slice(heardBefore).filter(aboutMember)).toEqual([
      { type: 'status_update', user_id: member.user.id, online: true },
    ]);
    expect(await status(member.access, 'GET', '/api/me')).toBe(200);
    await back.close();
  });

  it('reads the member’s conversations for them only with people both may reach', async () => {
    const member = await createMemberWithProfile(world.app, { nombre: 'Olga' });
    const helper = await createMemberWithProfile(world.app, { nombre: 'Pau' });
    const friend = await createMemberWithProfile(world.app, { nombre: 'Quim' });
    await makeFriends(world.app, member.user.id, friend.user.id);
    await world.app.database.db
      .insert(chatMessages)
      .values({ senderId: friend.user.id, receiverId: member.user.id, message: 'How are you?' });
    const session = await act(helper, await grant(member, helper, ['messages']));
    const history = async (access: string) =>
      (await call(access, 'GET', `/api/chat/historial/${friend.user.id}/`))
        .json<ChatHistoryPage>()
        .results.map((message) => message.message);
    const unreadFrom = async (access: string) =>
      (await call(access, 'GET', '/api/chat/no-leidos/'))
        .json<{ sender_id: number }[]>()
        .map((entry) => entry.sender_id);
    expect(await history(session.access)).toEqual(['How are you?']);
    expect(await unreadFrom(session.access)).toEqual([friend.user.id]);
    // Quim blocks the supporter: the member keeps the conversation, the supporter reads none of it.
    expect(await status(friend.access, 'POST', `/api/bloqueos/${helper.user.id}/`)).toBe(201);
    expect(await history(member.access)).toEqual(['How are you?']);
    expect(await unreadFrom(member.access)).toEqual([friend.user.id]);
    expect(await history(session.access)).toEqual([]);
    expect(await unreadFrom(session.access)).toEqual([]);
  });
});
