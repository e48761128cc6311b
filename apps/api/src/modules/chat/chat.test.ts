import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH, WEBSOCKET_CLOSE, WEBSOCKET_MAX_FRAME_BYTES } from '@juntos/domain';
import { profiles, users } from '../../db/schema';
import { chatSockets, connectChat, type Frame, settle } from '../../test-support/chat-client';
import { createFriendPair, createMemberWithProfile, makeFriends } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { manualClock } from '../../test-support/manual-clock';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { CHAT_RATE_LIMIT } from './chat.service';
import { MAX_SOCKETS_PER_MEMBER } from '../../realtime/socket-gateway';
import { requestAs } from '../../test-support/requests';

const isMessage = (text: string) => (frame: Frame) => frame.type === 'chat_message' && frame.message === text;
const isError = (code: string) => (frame: Frame) => frame.type === 'error' && frame.code === code;
const isStatus = (member: Member, online: boolean) => (frame: Frame) =>
  frame.type === 'status_update' && frame.user_id === member.user.id && frame.online === online;

describe('chat between friends', () => {
  const world = testAppWithMembers({ listening: true });
  const sockets = chatSockets();
  // Registered after the app's hooks, so it runs before the app closes.
  afterAll(async () => sockets.closeAll());

  const open = (member: Member | undefined, options: { origin?: string } = {}) =>
    sockets.open(world.app, member?.access, options);
  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, member: Member, payload?: object) =>
    requestAs(world.app, member.access, method, url, payload);
  const history = async (viewer: Member, friend: Member, before?: number) =>
    (
      await call('GET', `/api/chat/historial/${friend.user.id}/${before ? `?before=${before}` : ''}`, viewer)
    ).json<{ results: Frame[]; older: string | null }>();
  const unread = async (member: Member) =>
    (await call('GET', '/api/chat/no-leidos/', member)).json<{ sender_id: number; count: number }[]>();
  const message = (to: Member, text: string, tempId: string, active: Member | null = to) => ({
    receiver_id: to.user.id,
    message: text,
    temp_id: tempId,
    active_conversation_with: active ? active.user.id : null,
  });

  describe('connecting', () => {
    it('closes a socket without a token, with a bad token or with an expired one (4401)', async () => {
      const [ana] = await createFriendPair(world.app);
      const expired = await new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(ana.user.id))
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(world.config.jwtSecret));
      for (const token of [undefined, 'not-a-token', expired, ana.refresh]) {
        const socket = await open(token === undefined ? undefined : { ...ana, access: token });
        const error = await socket.waitFor(isError('unauthorized'));
        expect(String(error.error)).toMatch(token ? /session has expired/ : /Sign in/);
        expect((await socket.closed).code).toBe(WEBSOCKET_CLOSE.unauthorized);
      }
    });

    it('refuses a connection from another site before the upgrade', async () => {
      const [ana] = await createFriendPair(world.app);
      await expect(connectChat(world.app, ana.access, { origin: 'https://evil.example' })).rejects.toThrow(
        /403/,
      );
      const sameSite = await open(ana, { origin: world.config.publicUrl });
      expect(sameSite.socket.readyState).toBe(sameSite.socket.OPEN);
    });

    it('closes the connection on a frame over 64 KiB (1009) and answers bad frames with an error', async () => {
      const [ana] = await createFriendPair(world.app);
      const socket = await open(ana);
      socket.send({ action: 'nonsense' });
      await socket.waitFor(isError('invalid_frame'));
      socket.socket.send('{not json');
      await socket.waitFor((frame) => frame.type === 'error' && socket.frames.indexOf(frame) === 1);
      socket.socket.send('x'.repeat(WEBSOCKET_MAX_FRAME_BYTES + 1));
      expect((await socket.closed).code).toBe(1009);
    });

    it(`refuses a member's socket past ${MAX_SOCKETS_PER_MEMBER} on the instance (1008), others unaffected`, async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const anaSockets = [];
      for (let index = 0; index < MAX_SOCKETS_PER_MEMBER; index += 1) anaSockets.push(await open(ana));
      const extra = await open(ana);
      const refused = await extra.waitFor(isError('too_many_connections'));
      expect(String(refused.error)).toContain(String(MAX_SOCKETS_PER_MEMBER));
      expect(await extra.closed).toEqual({ code: 1008, reason: 'too many connections' });
      expect(anaSockets.every((socket) => socket.socket.readyState === socket.socket.OPEN)).toBe(true);

      // Another member is not counted with Ana, and the refused socket hears nothing of hers.
      const brunoSocket = await open(bruno);
      brunoSocket.send(message(ana, 'still reaching every tab', 'cap-1'));
      for (const socket of anaSockets) await socket.waitFor(isMessage('still reaching every tab'));
      expect(extra.frames.filter((frame) => frame.type === 'chat_message')).toEqual([]);

      // A closed socket frees its place.
      await anaSockets[0]!.close();
      await settle(200);
      const again = await open(ana);
      await settle(200);
      expect(again.socket.readyState).toBe(again.socket.OPEN);
      expect(again.frames.filter((frame) => frame.type === 'error')).toEqual([]);
    });
  });

  describe('sending', () => {
    it('delivers to every socket of both members, stored first, with the sender’s temp_id', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const [anaTab1, anaTab2, brunoPhone, brunoLaptop] = await Promise.all([
        open(ana),
        open(ana),
        open(bruno),
        open(bruno),
      ]);
      anaTab1.send(message(bruno, '  Hola Bruno  ', 'tmp-1'));
      const echoed = await anaTab1.waitFor(isMessage('Hola Bruno'));
      expect(echoed).toMatchObject({
        temp_id: 'tmp-1',
        sender_id: ana.user.id,
        receiver_id: bruno.user.id,
        sender: { nombre: 'Ana' },
        sender_nombre: 'Ana',
        read: false,
      });
      expect(typeof echoed.id).toBe('number');
      for (const socket of [anaTab2, brunoPhone, brunoLaptop])
        expect((await socket.waitFor(isMessage('Hola Bruno'))).id).toBe(echoed.id);
      expect((await history(bruno, ana)).results.map((m) => m.id)).toEqual([echoed.id]);
    });

    it('stores a resent temp_id once and answers the same message to the sender only', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const [anaSocket, brunoSocket] = await Promise.all([open(ana), open(bruno)]);
      anaSocket.send(message(bruno, 'once', 'same-temp'));
      const first = await anaSocket.waitFor(isMessage('once'));
      anaSocket.send(message(bruno, 'once', 'same-temp'));
      // The second echo, not the first seen at a later index (a presence frame may come before it).
      await anaSocket.waitFor(
        (frame) =>
          isMessage('once')(frame) && anaSocket.frames.filter(isMessage('once')).indexOf(frame) === 1,
      );
      await settle();
      const echoes = anaSocket.frames.filter(isMessage('once'));
      expect(echoes.map((frame) => frame.id)).toEqual([first.id, first.id]);
      expect(brunoSocket.frames.filter(isMessage('once'))).toHaveLength(1);
      expect((await history(ana, bruno)).results).toHaveLength(1);
    });

    it('delivers messages in the order they were stored', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const [anaSocket, brunoSocket] = await Promise.all([open(ana), open(bruno)]);
      const texts = Array.from({ length: 15 }, (_, index) => `message ${index}`);
      texts.forEach((text, index) => anaSocket.send(message(bruno, text, `order-${index}`)));
      await brunoSocket.waitFor(isMessage('message 14'));
      const received = brunoSocket.frames.filter((frame) => frame.type === 'chat_message');
      expect(received.map((frame) => frame.message)).toEqual(texts);
      const ids = received.map((frame) => Number(frame.id));
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect((await history(bruno, ana)).results.map((m) => m.message)).toEqual(texts);
    });

    it('refuses strangers, pending requests and blocked members with a “bloqueado” error, storing nothing', async () => {
      const stranger = await createMemberWithProfile(world.app, { nombre: 'Sara' });
      const [ana, bruno] = await createFriendPair(world.app);
      const anaSocket = await open(ana);
      anaSocket.send(message(stranger, 'hello stranger', 'stranger-1'));
      const refused = await anaSocket.waitFor(isError('bloqueado'));
      expect(refused).toMatchObject({ temp_id: 'stranger-1' });
      expect(String(refused.error)).toMatch(/only between friends/);
      expect(JSON.stringify(refused)).toContain('bloqueado');

      const blocked = await call('POST', `/api/bloqueos/${ana.user.id}/`, bruno);
      expect(blocked.statusCode).toBe(201);
      anaSocket.send(message(bruno, 'after the block', 'blocked-1'));
      await anaSocket.waitFor((frame) => isError('bloqueado')(frame) && frame.temp_id === 'blocked-1');
      anaSocket.send(message(ana, 'to myself', 'self-1'));
      await anaSocket.waitFor((frame) => isError('bloqueado')(frame) && frame.temp_id === 'self-1');
      expect((await history(ana, bruno)).results).toEqual([]);
      expect((await history(ana, stranger)).results).toEqual([]);
    });

    it('refuses a NUL or a lone surrogate with invalid_text naming the field, stores nothing, keeps the socket', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const [anaSocket, brunoSocket] = await Promise.all([open(ana), open(bruno)]);
      anaSocket.send(message(bruno, 'before\u0000after', 'nul-1'));
      const refused = await anaSocket.waitFor(isError('invalid_text'));
      expect(refused).toMatchObject({
        temp_id: 'nul-1',
        error: expect.stringMatching(/cannot be saved/),
        fields: { message: expect.stringMatching(/cannot be saved/) },
      });
      anaSocket.send(message(bruno, 'fine text', 'bad-\ud800'));
      expect(
        await anaSocket.waitFor((frame) => isError('invalid_text')(frame) && frame.temp_id === 'bad-\ud800'),
      ).toMatchObject({ fields: { temp_id: expect.any(String) } });
      anaSocket.send({ action: 'renew', token: 'token\u0000' });
      expect(
        await anaSocket.waitFor((frame) => isError('invalid_text')(frame) && frame.temp_id === undefined),
      ).toMatchObject({ fields: { token: expect.any(String) } });

      anaSocket.send(message(bruno, 'clean text', 'nul-2'));
      await brunoSocket.waitFor(isMessage('clean text'));
      expect(anaSocket.socket.readyState).toBe(anaSocket.socket.OPEN);
      expect(anaSocket.frames.filter(isError('internal_error'))).toEqual([]);
      expect((await history(bruno, ana)).results.map((m) => m.message)).toEqual(['clean text']);
    });

    it('refuses empty and over-long messages', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const anaSocket = await open(ana);
      anaSocket.send(message(bruno, '   \n ', 'empty-1'));
      expect(await anaSocket.waitFor(isError('empty_message'))).toMatchObject({ temp_id: 'empty-1' });
      anaSocket.send(message(bruno, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1), 'long-1'));
      const tooLong = await anaSocket.waitFor(isError('message_too_long'));
      expect(String(tooLong.error)).toContain(String(CHAT_MESSAGE_MAX_LENGTH));
      anaSocket.send(message(bruno, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH), 'long-ok'));
      await anaSocket.waitFor((frame) => frame.type === 'chat_message' && frame.temp_id === 'long-ok');
      expect((await history(ana, bruno)).results).toHaveLength(1);
    });

    it('notifies a new message to sockets not showing that conversation', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const carla = await createMemberWithProfile(world.app, { nombre: 'Carla' });
      await makeFriends(world.app, carla.user.id, bruno.user.id);
      const [anaSocket, brunoSocket] = await Promise.all([open(ana), open(bruno)]);
      brunoSocket.send({ action: 'mark_read', sender_id: carla.user.id });
      anaSocket.send(message(bruno, 'are you there?', 'notify-1'));
      const notification = await brunoSocket.waitFor((frame) => frame.type === 'notification');
      expect(notification.data).toEqual({
        type: 'new_message',
        from: 'Ana',
        sender_id: ana.user.id,
        message_preview: 'are you there?',
      });
      brunoSocket.send({ action: 'mark_read', sender_id: ana.user.id });
      await settle(100);
      anaSocket.send(message(bruno, 'now you see it', 'notify-2'));
      await brunoSocket.waitFor(isMessage('now you see it'));
      await settle();
      expect(brunoSocket.frames.filter((frame) => frame.type === 'notification')).toHaveLength(1);
    });
  });

  describe('reading', () => {
    it('counts unread per sender and sends a read receipt when they are read', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const [anaSocket, brunoSocket] = await Promise.all([open(ana), open(bruno)]);
      for (const index of [1, 2, 3]) anaSocket.send(message(bruno, `unread ${index}`, `unread-${index}`));
      await brunoSocket.waitFor(isMessage('unread 3'));
      expect(await unread(bruno)).toEqual([{ sender_id: ana.user.id, count: 3 }]);
      expect(await unread(ana)).toEqual([]);

      brunoSocket.send({ action: 'mark_read', sender_id: ana.user.id });
      expect(await anaSocket.waitFor((frame) => frame.type === 'read_receipt')).toEqual({
        type: 'read_receipt',
        reader_id: bruno.user.id,
      });
      expect(await unread(bruno)).toEqual([]);
      expect((await history(ana, bruno)).results.every((m) => m.read === true)).toBe(true);
    });

    it('clears the reader’s counts without a receipt when the reader turned receipts off', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      expect((await call('GET', '/api/chat/ajustes/', bruno)).json()).toEqual({ read_receipts: true });
      const off = await call('PUT', '/api/chat/ajustes/', bruno, { read_receipts: false });
      expect(off.json()).toEqual({ read_receipts: false });
      const invalid = await call('PUT', '/api/chat/ajustes/', bruno, { read_receipts: 'maybe' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().fields.read_receipts).toMatch(/read receipts/);

      const [anaSocket, brunoSocket] = await Promise.all([open(ana), open(bruno)]);
      anaSocket.send(message(bruno, 'quiet read', 'quiet-1'));
      await brunoSocket.waitFor(isMessage('quiet read'));
      const marked = await call('POST', `/api/chat/marcar-leidos/${ana.user.id}/`, bruno);
      expect(marked.json()).toEqual({ marcados: 1 });
      expect(await unread(bruno)).toEqual([]);
      await settle();
      expect(anaSocket.frames.filter((frame) => frame.type === 'read_receipt')).toEqual([]);
    });

    it('sends no read receipt across a block, either way, on the socket or over HTTP', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const [carla, dario] = await createFriendPair(world.app, ['Carla', 'Dario']);
      const sockets = await Promise.all([open(ana), open(bruno), open(carla), open(dario)]);
      const [anaSocket, brunoSocket, carlaSocket, darioSocket] = sockets;
      anaSocket.send(message(bruno, 'read me later', 'block-read-1', null));
      await brunoSocket.waitFor(isMessage('read me later'));
      carlaSocket.send(message(dario, 'and me', 'block-read-2', null));
      await darioSocket.waitFor(isMessage('and me'));

      // Ana (the sender) blocks Bruno; Dario (the reader) blocks Carla.
      expect((await call('POST', `/api/bloqueos/${bruno.user.id}/`, ana)).statusCode).toBe(201);
      expect((await call('POST', `/api/bloqueos/${carla.user.id}/`, dario)).statusCode).toBe(201);
      brunoSocket.send({ action: 'mark_read', sender_id: ana.user.id });
      expect((await call('POST', `/api/chat/marcar-leidos/${carla.user.id}/`, dario)).json()).toEqual({
        marcados: 1,
      });
      // The reader's own counts still clear.
      await settle();
      expect(await unread(bruno)).toEqual([]);
      expect(await unread(dario)).toEqual([]);
      expect(anaSocket.frames.filter((frame) => frame.type === 'read_receipt')).toEqual([]);
      expect(carlaSocket.frames.filter((frame) => frame.type === 'read_receipt')).toEqual([]);
    });

    it('keeps every message sent while the receiver was away, unread, without duplicates', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const anaSocket = await open(ana);
      const brunoBefore = await open(bruno);
      anaSocket.send(message(bruno, 'before', 'away-0'));
      await brunoBefore.waitFor(isMessage('before'));
      brunoBefore.socket.terminate();
      await brunoBefore.closed;
      for (const index of [1, 2, 3, 4])
        anaSocket.send(message(bruno, `while away ${index}`, `away-${index}`));
      // A reconnecting sender resends what it is not sure of: nothing is stored twice.
      anaSocket.send(message(bruno, 'while away 2', 'away-2'));
      await anaSocket.waitFor(isMessage('while away 4'));
      await settle(100);

      const brunoAfter = await open(bruno);
      const page = await history(bruno, ana);
      expect(page.results.map((m) => m.message)).toEqual([
        'before',
        'while away 1',
        'while away 2',
        'while away 3',
        'while away 4',
      ]);
      expect(await unread(bruno)).toEqual([{ sender_id: ana.user.id, count: 5 }]);
      anaSocket.send(message(bruno, 'welcome back', 'away-5'));
      await brunoAfter.waitFor(isMessage('welcome back'));
    });

    it('pages history newest first with a cursor to older messages', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const anaSocket = await open(ana);
      for (let index = 0; index < 55; index += 1)
        anaSocket.send(message(bruno, `m${index}`, `page-${index}`));
      await anaSocket.waitFor(isMessage('m54'));
      const newest = await history(bruno, ana);
      expect(newest.results).toHaveLength(50);
      expect(newest.results[0]?.message).toBe('m5');
      expect(newest.results.at(-1)?.message).toBe('m54');
      expect(newest.older).toMatch(/^\/api\/chat\/historial\/\d+\/\?before=\d+$/);
      const older = (await call('GET', newest.older ?? '', bruno)).json<{ results: Frame[]; older: null }>();
      expect(older.results.map((m) => m.message)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
      expect(older.older).toBeNull();
      expect((await call('GET', `/api/chat/historial/abc/`, bruno)).statusCode).toBe(400);
    });
  });

  describe('presence and sign-out', () => {
    it('tells friends when a member comes online and when the last socket closes', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const brunoSocket = await open(bruno);
      const anaFirst = await open(ana);
      await brunoSocket.waitFor(isStatus(ana, true));
      const friends = (await call('GET', '/api/chat/friends/', bruno)).json<
        { id: number; online: boolean }[]
      >();
      expect(friends).toEqual([expect.objectContaining({ id: ana.user.id, online: true })]);
      expect((await call('GET', '/api/amigos/', bruno)).json()).toEqual([
        expect.objectContaining({ id: ana.user.id, online: true }),
      ]);

      const anaSecond = await open(ana);
      // The second socket is recorded as present once its first frame has been handled.
      anaSecond.send({ action: 'heartbeat' });
      await settle(100);
      await anaFirst.close();
      await settle();
      expect(brunoSocket.frames.filter(isStatus(ana, false))).toEqual([]);
      await anaSecond.close();
      await brunoSocket.waitFor(isStatus(ana, false));
      expect(brunoSocket.frames.filter(isStatus(ana, true))).toHaveLength(1);
      expect((await call('GET', '/api/chat/friends/', bruno)).json()).toEqual([
        expect.objectContaining({ id: ana.user.id, online: false }),
      ]);
    });

    it('on logout tells friends, closes the socket, and hides the member’s own copy of the conversations', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const [anaSocket, brunoSocket] = await Promise.all([open(ana), open(bruno)]);
      anaSocket.send(message(bruno, 'see you', 'bye-1'));
      await brunoSocket.waitFor(isMessage('see you'));
      brunoSocket.send(message(ana, 'bye', 'bye-2', ana));
      await anaSocket.waitFor(isMessage('bye'));

      anaSocket.send({ action: 'logout' });
      const loggedOut = await brunoSocket.waitFor(
        (frame) => frame.type === 'notification' && (frame.data as Frame).type === 'user_logged_out',
      );
      expect(loggedOut.data).toEqual({ type: 'user_logged_out', from: 'Ana', sender_id: ana.user.id });
      expect((await anaSocket.closed).code).toBe(WEBSOCKET_CLOSE.loggedOut);
      await brunoSocket.waitFor(isStatus(ana, false));

      const deleted = await call('DELETE', '/api/chat/borrar-mensajes/', ana);
      expect(deleted.json()).toEqual({ borrados: 2 });
      expect((await history(ana, bruno)).results).toEqual([]);
      // The friend keeps their copy (issue 16: one member cannot erase what they wrote to another).
      expect((await history(bruno, ana)).results.map((frame) => frame.message)).toEqual(['see you', 'bye']);
    });

    it('tells presence and sign-out only to friends the member may still reach', async () => {
      const [ana, bruno] = await createFriendPair(world.app);
      const carla = await createMemberWithProfile(world.app, { nombre: 'Carla' });
      await makeFriends(world.app, ana.user.id, carla.user.id);
      // An administrator found Bruno is a child: the friendship row stays, but the rule forbids contact.
      await world.app.database.db
        .update(users)
        .set({ ageGroup: 'minor', minorReviewedAt: new Date() })
        .where(eq(users.id, bruno.user.id));
      await world.app.database.db
        .update(profiles)
        .set({ dateOfBirth: '2012-06-01' })
        .where(eq(profiles.userId, bruno.user.id));
      const [brunoSocket, carlaSocket] = await Promise.all([open(bruno), open(carla)]);
      const anaSocket = await open(ana);
      await carlaSocket.waitFor(isStatus(ana, true));
      anaSocket.send({ action: 'logout' });
      await carlaSocket.waitFor(
        (frame) => frame.type === 'notification' && (frame.data as Frame).type === 'user_logged_out',
      );
      await carlaSocket.waitFor(isStatus(ana, false));
      await settle();
      expect(
        brunoSocket.frames.filter((frame) => JSON.stringify(frame).includes(String(ana.user.id))),
      ).toEqual([]);
    });

    it('needs a signed-in member for every chat call', async () => {
      for (const [method, url] of [
        ['GET', '/api/chat/friends/'],
        ['GET', '/api/chat/no-leidos/'],
        ['POST', '/api/chat/marcar-leidos/1/'],
        ['GET', '/api/chat/historial/1/'],
        ['DELETE', '/api/chat/borrar-mensajes/'],
        ['GET', '/api/chat/ajustes/'],
      ] as const)
        expect((await world.app.inject({ method, url })).statusCode).toBe(401);
    });
  });
});

describe('chat limits with the real rate limit and a short heartbeat timeout', () => {
  // Heartbeats are judged on a clock the test moves, so a busy machine cannot make a socket late.
  const clock = manualClock();
  const HEARTBEAT_TIMEOUT_MS = 1000;
  const world = testAppWithMembers({
    listening: true,
    environment: { RATE_LIMIT_SCALE: '1', CHAT_HEARTBEAT_TIMEOUT_MS: String(HEARTBEAT_TIMEOUT_MS) },
    dependencies: { clock },
  });

  it('answers a member who sends too fast with an error, and stores nothing more', async () => {
    // The limit's window runs on the real time (rate-limiter-flexible keeps it), so a round counts
    // only when all 25 sends were answered inside one window; a starved machine gets another round.
    const sends = CHAT_RATE_LIMIT.messages + 5;
    for (let round = 1; ; round += 1) {
      const [ana, bruno] = await createFriendPair(world.app);
      const socket = await connectChat(world.app, ana.access);
      const started = performance.now();
      for (let index = 0; index < sends; index += 1)
        socket.send({ receiver_id: bruno.user.id, message: `fast ${index}`, temp_id: `fast-${index}` });
      await socket.waitFor((frame) => frame.temp_id === `fast-${sends - 1}`);
      const inOneWindow = performance.now() - started < CHAT_RATE_LIMIT.windowMs;
      if (inOneWindow || round === 3) {
        expect(inOneWindow, 'three rounds, none inside one rate-limit window').toBe(true);
        const limited = socket.frames.filter(isError('rate_limited'));
        expect(limited.map((frame) => frame.temp_id)).toEqual(
          Array.from({ length: 5 }, (_, index) => `fast-${CHAT_RATE_LIMIT.messages + index}`),
        );
        const stored = await requestAs(world.app, bruno.access, 'GET', `/api/chat/historial/${ana.user.id}/`);
        expect(stored.json<{ results: unknown[] }>().results).toHaveLength(CHAT_RATE_LIMIT.messages);
        await socket.close();
        return;
      }
      await socket.close();
    }
  });

  it('closes a socket that stops sending heartbeats and tells friends the member is offline', async () => {
    const [ana, bruno] = await createFriendPair(world.app);
    const brunoSocket = await connectChat(world.app, bruno.access);
    const anaSocket = await connectChat(world.app, ana.access);
    await brunoSocket.waitFor(isStatus(ana, true));
    // Most of a timeout passes; Bruno beats (frames are handled in order, so once `nonsense` is
    // answered the heartbeat was); the rest passes: only Ana's last sign of life is too old.
    clock.advance(HEARTBEAT_TIMEOUT_MS * 0.6);
    brunoSocket.send({ action: 'heartbeat' });
    brunoSocket.send({ action: 'nonsense' });
    await brunoSocket.waitFor(isError('invalid_frame'));
    clock.advance(HEARTBEAT_TIMEOUT_MS * 0.6);
    expect((await anaSocket.closed).code).toBe(WEBSOCKET_CLOSE.timedOut);
    await brunoSocket.waitFor(isStatus(ana, false));
    // Bruno kept beating: still open and still online.
    expect(brunoSocket.socket.readyState).toBe(brunoSocket.socket.OPEN);
    await brunoSocket.close();
  });
});
