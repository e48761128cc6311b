import { randomBytes } from 'node:crypto';
import type { ChatHistoryPage } from '@juntos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChat, type ChatClient, type Frame } from '../test-support/chat-client';
import { createMemberWithProfile, makeFriends, type Member } from '../test-support/profiles';
import { redisServerAvailable, startRedisProcess, type RedisProcess } from '../test-support/redis-process';
import { requestAs } from '../test-support/requests';
import { createTwoInstances } from '../test-support/two-instances';

/**
 * Issue 36 point 8 (b): Redis dies under two instances and comes back. Nothing that was promised
 * is lost: every message is stored at once (the store never waits for the fan-out), members on
 * the sender's instance receive it at once, the sender's own copy comes back at once, and the
 * other instance's members get it when Redis returns — live, or by catching up (`resync`). The
 * Redis is the test's own process, killed as a crash would, never the machine's.
 */
describe.skipIf(!redisServerAvailable())('chat while Redis is away', () => {
  let redis: RedisProcess;
  let instances: Awaited<ReturnType<typeof createTwoInstances>>;
  const sockets: ChatClient[] = [];

  beforeAll(async () => {
    redis = await startRedisProcess();
    instances = await createTwoInstances(
      {
        REDIS_URL: redis.url,
        REDIS_PREFIX: 'outage:',
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
      },
      { listen: true },
    );
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await instances.cleanup();
    await redis.stop();
  });

  const open = async (on: 'a' | 'b', member: Member) => {
    const socket = await connectChat(instances[on].app, member.access);
    sockets.push(socket);
    return socket;
  };
  const withTemp = (tempId: string) => (frame: Frame) =>
    frame.type === 'chat_message' && frame.temp_id === tempId;

  it('stores and delivers on the sender’s instance at once, and catches the other up when Redis is back', async () => {
    const app = instances.a.app;
    const ana = await createMemberWithProfile(app, { nombre: 'Ana' });
    const bruno = await createMemberWithProfile(app, { nombre: 'Bruno' });
    const carla = await createMemberWithProfile(app, { nombre: 'Carla' });
    await makeFriends(app, ana.user.id, bruno.user.id);
    await makeFriends(app, ana.user.id, carla.user.id);
    const anaSocket = await open('a', ana);
    const brunoSocket = await open('a', bruno);
    const carlaSocket = await open('b', carla);
    const send = (to: Member, message: string, tempId: string) =>
      anaSocket.send({ receiver_id: to.user.id, message, temp_id: tempId });

    // Control: with Redis up, a message crosses to the other instance.
    send(carla, 'Before', 'outage-1');
    await carlaSocket.waitFor(withTemp('outage-1'));

    await redis.stop();
    // On the sender's instance: delivered and echoed without Redis.
    send(bruno, 'While Redis is away, here', 'outage-2');
    await brunoSocket.waitFor(withTemp('outage-2'));
    await anaSocket.waitFor(withTemp('outage-2'));
    // To the other instance: stored and echoed at once, read by Carla from the database.
    send(carla, 'While Redis is away, there', 'outage-3');
    const echoed = await anaSocket.waitFor(withTemp('outage-3'));
    expect(echoed.id).toEqual(expect.any(Number));
    const history = await requestAs(
      instances.b.app,
      carla.access,
      'GET',
      `/api/chat/historial/${ana.user.id}/`,
    );
    expect(history.json<ChatHistoryPage>().results.map((message) => message.message)).toContain(
      'While Redis is away, there',
    );
    // Ana's friends list still answers: Bruno, whose socket is on her instance, online; Carla,
    // whom only Redis could vouch for, away until it is back.
    const friends = await requestAs(app, ana.access, 'GET', '/api/chat/friends/');
    expect(friends.statusCode).toBe(200);
    const online = friends
      .json<{ id: number; online: boolean }[]>()
      .map((friend) => [friend.id, friend.online]);
    expect(Object.fromEntries(online)).toEqual({ [bruno.user.id]: true, [carla.user.id]: false });

    await redis.start();
    // Carla's instance was cut off from Redis: it has her client read again (or the message
    // itself arrives from the sender's instance, which kept it for Redis).
    await carlaSocket.waitFor((frame) => frame.type === 'resync' || withTemp('outage-3')(frame));
    // And live delivery across instances goes on.
    send(carla, 'After', 'outage-4');
    await carlaSocket.waitFor(withTemp('outage-4'));
    // Delivered here first, an instance's own copy back from Redis is not delivered again.
    expect(anaSocket.frames.filter(withTemp('outage-1'))).toHaveLength(1);
    expect(carlaSocket.frames.filter(withTemp('outage-1'))).toHaveLength(1);
  });
});
