import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectChat, settle, type ChatClient, type Frame } from '../../test-support/chat-client';
import { createFriendPair, createMemberWithProfile, makeFriends } from '../../test-support/profiles';
import type { TestApp } from '../../test-support/test-app';
import { createRedisPresenceStore } from '../../realtime/presence-store';
import { createTwoInstances, sharedRedis } from '../../test-support/two-instances';

const redisUrl = process.env.REDIS_URL;

/**
 * DESIGN.md scale-out: two API instances on one database and one Redis. Runs when REDIS_URL is
 * set (CI sets it); the database is DATABASE_URL's PostgreSQL when set, else one shared PGlite.
 * Each run uses its own key prefix and removes its keys.
 */
describe.skipIf(!redisUrl)('chat across two API instances through Redis', () => {
  const shared = sharedRedis(redisUrl ?? '', { CHAT_HEARTBEAT_TIMEOUT_MS: '1500' });
  const prefix = shared.prefix;
  let instances: Awaited<ReturnType<typeof createTwoInstances>>;
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  const sockets: ChatClient[] = [];
  const heartbeats: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    instances = await createTwoInstances(shared.environment, { listen: true });
    ({ a, b } = instances);
    redis = new Redis(redisUrl ?? '');
  });
  afterAll(async () => {
    heartbeats.forEach(clearInterval);
    await Promise.all(sockets.map((socket) => socket.close()));
    await instances.cleanup();
    await redis.quit();
    await shared.removeKeys();
  });

  const open = async (instance: TestApp, token: string, beating = true) => {
    const socket = await connectChat(instance.app, token);
    sockets.push(socket);
    if (beating) heartbeats.push(setInterval(() => socket.send({ action: 'heartbeat' }), 300));
    // The instance subscribes to the member's Redis channel as the socket opens; let it land.
    await settle(150);
    return socket;
  };
  const friendsOn = async (instance: TestApp, access: string) =>
    (
      await instance.app.inject({
        method: 'GET',
        url: '/api/chat/friends/',
        headers: { authorization: `Bearer ${access}` },
      })
    ).json<{ id: number; online: boolean }[]>();
  const isStatus = (userId: number, online: boolean) => (frame: Frame) =>
    frame.type === 'status_update' && frame.user_id === userId && frame.online === online;

  it('carries messages, receipts, presence and notifications from one instance to the other', async () => {
    const ana = await createMemberWithProfile(a.app, { nombre: 'Ana' });
    const bruno = await createMemberWithProfile(a.app, { nombre: 'Bruno' });
    const carla = await createMemberWithProfile(a.app, { nombre: 'Carla' });
    await makeFriends(a.app, ana.user.id, bruno.user.id);

    const brunoOnB = await open(b, bruno.access);
    const anaOnA = await open(a, ana.access);

    // Presence: Ana connected to A; Bruno, on B, hears it and B's friend list agrees.
    await brunoOnB.waitFor(isStatus(ana.user.id, true));
    expect(await friendsOn(b, bruno.access)).toEqual([
      expect.objectContaining({ id: ana.user.id, online: true }),
    ]);

    // A message sent on A reaches B (with its new-message notification) and echoes on A.
    anaOnA.send({
      receiver_id: bruno.user.id,
      message: 'Hola desde A',
      temp_id: 'x-1',
      active_conversation_with: bruno.user.id,
    });
    const received = await brunoOnB.waitFor((frame) => frame.type === 'chat_message');
    expect(received).toMatchObject({ message: 'Hola desde A', sender_id: ana.user.id, read: false });
    expect((await anaOnA.waitFor((frame) => frame.type === 'chat_message')).id).toBe(received.id);
    expect((await brunoOnB.waitFor((frame) => frame.type === 'notification')).data).toMatchObject({
      type: 'new_message',
      sender_id: ana.user.id,
    });

    // The read receipt goes back from B to A.
    brunoOnB.send({ action: 'mark_read', sender_id: ana.user.id });
    expect(await anaOnA.waitFor((frame) => frame.type === 'read_receipt')).toEqual({
      type: 'read_receipt',
      reader_id: bruno.user.id,
    });

    // A friend request made through A's HTTP API is announced on B's socket.
    const request = await a.app.inject({
      method: 'POST',
      url: `/api/solicitudes/enviar/${bruno.user.id}/`,
      headers: { authorization: `Bearer ${carla.access}` },
    });
    expect(request.statusCode).toBe(201);
    const announced = await brunoOnB.waitFor(
      (frame) => frame.type === 'notification' && (frame.data as Frame).type === 'new_friend_request',
    );
    expect(announced.data).toMatchObject({ sender_id: carla.user.id, from: 'Carla' });

    // Ana's last socket anywhere closes: offline on B.
    await anaOnA.close();
    await brunoOnB.waitFor(isStatus(ana.user.id, false));
    expect(await friendsOn(b, bruno.access)).toEqual([
      expect.objectContaining({ id: ana.user.id, online: false }),
    ]);
  });

  // A's send path remembers that Ana may write to Bruno and watches Bruno, whose socket is on B.
  // A block made through either instance must end that at once; the chat's own messages to Bruno
  // must not travel to A for it (decision 0052).
  for (const blocker of ['receiver', 'sender'] as const)
    it(`refuses Ana's next message on A when the ${blocker} blocks through B, and sends A none of Bruno's chat`, async () => {
      const [ana, bruno] = await createFriendPair(a.app);
      const brunoOnB = await open(b, bruno.access);
      const anaOnA = await open(a, ana.access);
      const send = (text: string, tempId: string) =>
        anaOnA.send({ receiver_id: bruno.user.id, message: text, temp_id: tempId });
      send('primero', 'w-1');
      await brunoOnB.waitFor((frame) => frame.type === 'chat_message' && frame.message === 'primero');
      send('segundo', 'w-2');
      await brunoOnB.waitFor((frame) => frame.type === 'chat_message' && frame.message === 'segundo');

      // Bruno's messages go only to B, which holds his socket; A, which only watches him, hears
      // what may change whom he reaches.
      const subscribers = async (channel: string) =>
        ((await redis.pubsub('NUMSUB', `${prefix}${channel}:${bruno.user.id}`)) as [string, number])[1];
      // (Polled: A's subscriber connection is not the one the test reads through.)
      await vi.waitFor(async () => {
        expect(await subscribers('live')).toBe(1);
        expect(await subscribers('watch')).toBe(1);
      });

      const [actor, blocked] = blocker === 'receiver' ? [bruno, ana] : [ana, bruno];
      const block = await b.app.inject({
        method: 'POST',
        url: `/api/bloqueos/${blocked.user.id}/`,
        headers: { authorization: `Bearer ${actor.access}` },
      });
      expect(block.statusCode).toBeLessThan(300);
      send('después', 'w-3');
      await anaOnA.waitFor(
        (frame) => frame.type === 'error' && frame.code === 'bloqueado' && frame.temp_id === 'w-3',
      );
      expect(brunoOnB.frames.filter((frame) => frame.message === 'después')).toEqual([]);
    });

  it('keeps a member online while any instance holds a socket, and offline once heartbeats stop', async () => {
    const [ana, bruno] = await createFriendPair(a.app);
    const brunoOnA = await open(a, bruno.access);

    const anaOnA = await open(a, ana.access);
    const anaOnB = await open(b, ana.access, false);
    await brunoOnA.waitFor(isStatus(ana.user.id, true));
    await anaOnA.close();
    await settle(300);
    expect(brunoOnA.frames.filter(isStatus(ana.user.id, false))).toEqual([]);
    expect(await friendsOn(a, bruno.access)).toEqual([
      expect.objectContaining({ id: ana.user.id, online: true }),
    ]);

    // The socket on B never sends a heartbeat: B closes it after the timeout, and A's member hears.
    expect((await anaOnB.closed).code).toBe(4408);
    await brunoOnA.waitFor(isStatus(ana.user.id, false));
    expect(brunoOnA.frames.filter(isStatus(ana.user.id, true))).toHaveLength(1);
  });

  it('closes the member’s sockets on both instances when the password changes on one', async () => {
    const ana = await createMemberWithProfile(a.app, { nombre: 'Ana' });
    const anaOnA = await open(a, ana.access);
    const anaOnB = await open(b, ana.access);
    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/change-password/',
      headers: { authorization: `Bearer ${ana.access}` },
      payload: { current_password: ana.password, new_password: 'a brand new passphrase 77' },
    });
    expect(changed.statusCode).toBe(200);
    for (const socket of [anaOnA, anaOnB]) {
      expect(await socket.waitFor((frame) => frame.type === 'error')).toMatchObject({
        code: 'session_ended',
        reason: 'password_changed',
      });
      expect((await socket.closed).code).toBe(4401);
    }
  });

  it('sweeps the sockets of an instance that died without closing them', async () => {
    const store = createRedisPresenceStore(redis, `${prefix}sweep:`, 1000, 60_000);
    const now = Date.now();
    expect(await store.touch(7, 'dead-instance:1', now)).toBe(true);
    expect(await store.touch(7, 'dead-instance:2', now + 500)).toBe(false);
    expect(await store.onlineAmong([7, 8], now + 100)).toEqual(new Set([7]));
    expect(await store.sweep(now + 1200)).toEqual([]);
    expect(await store.sweep(now + 1600)).toEqual([7]);
    expect(await store.sweep(now + 1700)).toEqual([]);
    expect(await store.onlineAmong([7], now + 1700)).toEqual(new Set());
    expect(await store.remove(7, 'dead-instance:1', now + 1800)).toBe(false);
  });

  it('drops every socket of an instance whose lease lapsed, long before their heartbeats would', async () => {
    // Heartbeats would keep these sockets for a minute; the instances' leases last one second.
    // Each instance has a store of its own, as in the app: a store answers for its own sockets.
    const gone = createRedisPresenceStore(redis, `${prefix}lease:`, 60_000, 1000);
    const alive = createRedisPresenceStore(redis, `${prefix}lease:`, 60_000, 1000);
    const now = Date.now();
    await gone.renewInstance('gone', now);
    await alive.renewInstance('alive', now);
    expect(await gone.touch(7, 'gone:1', now)).toBe(true);
    expect(await gone.touch(7, 'gone:2', now)).toBe(false);
    expect(await gone.touch(8, 'gone:3', now)).toBe(true);
    expect(await alive.touch(8, 'alive:1', now)).toBe(false);
    // The living instance renews; the other has died and does not.
    await alive.renewInstance('alive', now + 900);
    expect(await alive.sweep(now + 500)).toEqual([]);
    // Member 7 had only sockets there; member 8 is still online on the living instance.
    expect(await alive.sweep(now + 1100)).toEqual([7]);
    expect(await alive.onlineAmong([7, 8], now + 1100)).toEqual(new Set([8]));
    expect(await alive.sweep(now + 1200)).toEqual([]);
    // Its late clean-up, should it come, tells nobody a second time.
    expect(await gone.remove(7, 'gone:1', now + 1300)).toBe(false);
    // The living instance's sockets go by their lease too once it stops renewing (held up, say),
    // and then it counts them as gone itself, as every other instance does.
    expect(await alive.sweep(now + 2000)).toEqual([8]);
    expect(await alive.onlineAmong([8], now + 2000)).toEqual(new Set());
    // Its member's next heartbeat brings the member back, and tells the friends once.
    expect(await alive.touch(8, 'alive:1', now + 2100)).toBe(true);
    expect(await alive.onlineAmong([8], now + 2100)).toEqual(new Set([8]));
  });

  it("answers for this instance's own sockets without Redis, and by the same expiry", async () => {
    const here = createRedisPresenceStore(redis, `${prefix}own:`, 1000, 60_000);
    const elsewhere = createRedisPresenceStore(redis, `${prefix}own:`, 1000, 60_000);
    const now = Date.now();
    await here.touch(21, 'here:1', now);
    await elsewhere.touch(22, 'elsewhere:1', now);
    expect(await here.onlineAmong([21, 22, 23], now + 100)).toEqual(new Set([21, 22]));
    // Gone from Redis (a sweep on another instance, say): this instance still holds the socket
    // and answers for it; the other's member is read from Redis.
    await redis.del(`${prefix}own:presence:21`, `${prefix}own:presence:22`);
    expect(await here.onlineAmong([21, 22], now + 200)).toEqual(new Set([21]));
    // A socket whose heartbeats stopped is offline here when it would be in Redis.
    expect(await here.onlineAmong([21], now + 1000)).toEqual(new Set());
    // Closed: offline at once.
    await here.touch(21, 'here:1', now + 1100);
    await here.remove(21, 'here:1', now + 1200);
    expect(await here.onlineAmong([21], now + 1300)).toEqual(new Set());
  });

  it('lets Redis answer again for its own sockets once it finds its lease had lapsed', async () => {
    const here = createRedisPresenceStore(redis, `${prefix}lapsed:`, 60_000, 1000);
    const elsewhere = createRedisPresenceStore(redis, `${prefix}lapsed:`, 60_000, 1000);
    const now = Date.now();
    await here.renewInstance('here', now);
    await here.touch(31, 'here:1', now);
    // Held up past its lease, this instance is swept by another, which tells the friends.
    await elsewhere.renewInstance('elsewhere', now + 1500);
    expect(await elsewhere.sweep(now + 1500)).toEqual([31]);
    expect(await here.onlineAmong([31], now + 1600)).toEqual(new Set([31]));
    // Renewing finds the lease gone: what it held, Redis now says, until the next heartbeat.
    await here.renewInstance('here', now + 1700);
    expect(await here.onlineAmong([31], now + 1700)).toEqual(new Set());
    expect(await here.touch(31, 'here:1', now + 1800)).toBe(true);
    expect(await here.onlineAmong([31], now + 1800)).toEqual(new Set([31]));
  });
});
