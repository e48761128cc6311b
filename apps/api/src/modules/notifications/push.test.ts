import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import { startFakePushService, type ReceivedPush } from '../../test-support/fake-push-service';
import { browserKeys, decryptPush } from '../../test-support/fake-push-service/browser-keys';
import { createMemberWithProfile, makeFriends, sendForm } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { eventually } from '../../test-support/eventually';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const decryptJson = (received: ReceivedPush, browser: Parameters<typeof decryptPush>[1]) =>
  JSON.parse(decryptPush(received, browser)) as { title: string; body: string; url: string };

describe('web push (issue 20)', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startFakePushService>>;
  let serviceUrl: string;
  let received: ReceivedPush[];
  let answers: Map<string, number>;
  let log = '';
  const logStream = { write: (line: string) => void (log += line) };

  beforeAll(async () => {
    service = await startFakePushService();
    ({ url: serviceUrl, received, answers } = service);
    t = await createTestApp(
      {
        NOTIFICATION_EMAIL_DELAY_SECONDS: '0',
        JOBS_RETRY_DELAY_SECONDS: '1',
        // The fake service, a wildcard like the default list's, and a name that resolves to this
        // machine (the send-time check has to refuse it).
        PUSH_SERVICE_HOSTS: '127.0.0.1,*.push.apple.com,localhost',
        PUSH_TEST_SERVICE: service.address,
        LOG_LEVEL: 'info',
      },
      { logStream },
    );
  });
  afterAll(async () => {
    await t.cleanup();
    await service.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, member: Member, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${member.access}`,
        'accept-language': 'en',
        'user-agent': 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
      },
      ...(payload ? { payload } : {}),
    });
  const subscribe = (member: Member, path: string, keys: { p256dh: string; auth: string }) =>
    call('POST', '/api/notificaciones/dispositivos/', member, { endpoint: `${serviceUrl}${path}`, keys });
  const commentOn = async (author: Member, commenter: Member) => {
    const created = await sendForm(t.app, author.access, 'POST', '/api/posts/', {
      text: 'My diagnosis story',
    });
    const postId = created.json<{ id: number }>().id;
    await call('POST', `/api/posts/${postId}/comment/`, commenter, { text: 'SECRET-COMMENT' });
  };

  it('sends an encrypted, signed push that says how many, never who or what', async () => {
    const ana = await createMemberWithProfile(t.app, { enfermedad: 'Marfan syndrome' });
    const bea = await createMemberWithProfile(t.app, { nombre: 'Beatriz' });
    await makeFriends(t.app, ana.user.id, bea.user.id);
    const phone = browserKeys();
    const added = await subscribe(ana, '/push/ana-phone', phone.keys);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      label: 'Firefox · Android',
      endpoint: `${serviceUrl}/push/ana-phone`,
    });
    expect((await call('GET', '/api/notificaciones/push/clave/', ana)).json()).toEqual({
      public_key: t.config.push.publicKey,
    });

    await commentOn(ana, bea);
    const push = await eventually(() => {
      const found = received.find((request) => request.path === '/push/ana-phone');
      expect(found).toBeDefined();
      return found!;
    });
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.config.push.publicKey}$`),
    );
    expect(push.headers.ttl).toBe('86400');
    const raw = push.body.toString('latin1');
    for (const secret of ['Beatriz', 'SECRET', 'Marfan', 'diagnosis']) expect(raw).not.toContain(secret);
    const message = decryptJson(push, phone);
    expect(message).toEqual({ title: 'Juntos', body: 'You have 1 new notification', url: '/notificaciones' });
  });

  it('pushes nothing for a kind switched off for push', async () => {
    const ana = await createMemberWithProfile(t.app);
    const bea = await createMemberWithProfile(t.app);
    expect((await subscribe(ana, '/push/quiet-kinds', browserKeys().keys)).statusCode).toBe(201);
    const { settings } = (await call('GET', '/api/notificaciones/ajustes/', ana)).json<{
      settings: { channels: Record<string, object> };
    }>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notificaciones/ajustes/',
      headers: { authorization: `Bearer ${ana.access}` },
      payload: {
        ...settings,
        channels: { ...settings.channels, comment: { in_app: true, email: false, push: false } },
      },
    });
    expect(saved.statusCode).toBe(200);
    await commentOn(ana, bea);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(received.filter((request) => request.path === '/push/quiet-kinds')).toHaveLength(0);
  });

  it('holds a push until the member’s quiet hours end', async () => {
    const ana = await createMemberWithProfile(t.app);
    const bea = await createMemberWithProfile(t.app);
    expect((await subscribe(ana, '/push/night', browserKeys().keys)).statusCode).toBe(201);
    const { settings } = (await call('GET', '/api/notificaciones/ajustes/', ana)).json<{
      settings: object;
    }>();
    const hour = (offset: number) =>
      `${String((new Date().getUTCHours() + offset + 24) % 24).padStart(2, '0')}:00`;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notificaciones/ajustes/',
      headers: { authorization: `Bearer ${ana.access}` },
      payload: { ...settings, quiet_from: hour(-1), quiet_to: hour(2), time_zone: 'UTC' },
    });
    expect(saved.statusCode).toBe(200);
    await commentOn(ana, bea);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(received.filter((request) => request.path === '/push/night')).toHaveLength(0);
  });

  it('forgets a device whose push service answers 410 Gone, and keeps one that fails for a while', async () => {
    const ana = await createMemberWithProfile(t.app);
    const bea = await createMemberWithProfile(t.app);
    answers.set('/push/gone', 410);
    answers.set('/push/busy', 503);
    expect((await subscribe(ana, '/push/gone', browserKeys().keys)).statusCode).toBe(201);
    expect((await subscribe(ana, '/push/busy', browserKeys().keys)).statusCode).toBe(201);
    await commentOn(ana, bea);

    const devices = async () =>
      (await call('GET', '/api/notificaciones/dispositivos/', ana))
        .json<{ endpoint: string }[]>()
        .map((d) => d.endpoint);
    await eventually(async () => expect(await devices()).toEqual([`${serviceUrl}/push/busy`]));
    // Every device failed: the job is tried again (the retry waits a second here).
    await eventually(() =>
      expect(received.filter((request) => request.path === '/push/busy').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('lets a member list and remove their devices, not anyone else’s, and refuses other addresses', async () => {
    const ana = await createMemberWithProfile(t.app);
    const bea = await createMemberWithProfile(t.app);
    const added = (await subscribe(ana, '/push/ana-laptop', browserKeys().keys)).json<{ id: number }>();
    expect((await call('DELETE', `/api/notificaciones/dispositivos/${added.id}/`, bea)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notificaciones/dispositivos/${added.id}/`, ana)).statusCode).toBe(204);
    const [row] = await t.app.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, added.id));
    expect(row).toBeUndefined();

    // An address inside the operator's network, or a host that is no push service: refused.
    for (const endpoint of [
      'https://10.0.0.5/push/x',
      'https://example.org/push/x',
      'https://localhost:9/x',
      serviceUrl.replace('https:', 'http:') + '/push/x',
    ]) {
      const refused = await call('POST', '/api/notificaciones/dispositivos/', ana, {
        endpoint,
        keys: browserKeys().keys,
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json<{ fields: object }>().fields)).toEqual(['endpoint']);
    }
    const port = new URL(serviceUrl).port;
    // Issue 32: each spelling a URL parser reads one way and `web-push` (url.parse) another, and
    // each address outside the rules, is refused when the browser hands it in.
    for (const endpoint of [
      'https://127.0.0.77;.push.apple.com/x',
      'https://127.0.0.77{.push.apple.com/x',
      'https://127.0.0.77}.push.apple.com/x',
      'https://127.0.0.77\\.push.apple.com/x',
      "https://127.0.0.77'.push.apple.com/x",
      'https://127.0.0.77".push.apple.com/x',
      'https://web.push.apple.com:444/x',
      'http://web.push.apple.com/x',
      'https://127.0.0.2/x',
      `https://127.0.0.2:${port}/x`,
      `https://localhost:${port}/x`,
      'https://2130706433/x',
      'https://0x7f.0.0.1/x',
      'https://127.1/x',
      'https://a@web.push.apple.com/x',
      'https://a@evil/',
      'https://a:b@127.0.0.1/x',
      'https://[::1]/x',
      'https://web.push.apple.com./x',
      'https://web..push.apple.com/x',
      'HTTPS://web.push.apple.com%2e/x',
    ]) {
      const refused = await call('POST', '/api/notificaciones/dispositivos/', ana, {
        endpoint,
        keys: browserKeys().keys,
      });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(Object.keys(refused.json<{ fields: object }>().fields), endpoint).toEqual(['endpoint']);
    }
    // A push service's own spellings still pass: port 443 written out, a wildcard's host.
    for (const endpoint of ['https://web.push.apple.com:443/QGx-1~a', 'https://api.push.apple.com/x?y=%2B']) {
      const added = await call('POST', '/api/notificaciones/dispositivos/', ana, {
        endpoint,
        keys: browserKeys().keys,
      });
      expect(added.statusCode, endpoint).toBe(201);
      const id = added.json<{ id: number }>().id;
      expect((await call('DELETE', `/api/notificaciones/dispositivos/${id}/`, ana)).statusCode).toBe(204);
    }

    const broken = await call('POST', '/api/notificaciones/dispositivos/', ana, {
      endpoint: `${serviceUrl}/push/x`,
      keys: { p256dh: 'short', auth: '' },
    });
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json<{ fields: object }>().fields).sort()).toEqual([
      'keys.auth',
      'keys.p256dh',
    ]);
  });

  it('refuses at send time a push service whose name resolves inside the network, and keeps the device', async () => {
    const ana = await createMemberWithProfile(t.app);
    const bea = await createMemberWithProfile(t.app);
    // `localhost` is on this deployment's list, but its addresses are loopback ones.
    const added = await subscribe(ana, '/push/ok', browserKeys().keys);
    expect(added.statusCode).toBe(201);
    const rebound = await call('POST', '/api/notificaciones/dispositivos/', ana, {
      endpoint: 'https://localhost/push/rebound',
      keys: browserKeys().keys,
    });
    expect(rebound.statusCode).toBe(201);
    const reboundId = rebound.json<{ id: number }>().id;
    // A row stored before the rules were strict: checked again when it is sent to.
    await t.app.database.db.insert(pushSubscriptions).values({
      userId: ana.user.id,
      endpoint: 'https://127.0.0.77;.push.apple.com/push/old',
      p256dh: browserKeys().keys.p256dh,
      auth: browserKeys().keys.auth,
      label: 'old',
    });

    await commentOn(ana, bea);
    await eventually(() => expect(received.some((request) => request.path === '/push/ok')).toBe(true));
    await eventually(() => expect(log.match(/push refused/g)?.length, log.slice(-2000)).toBe(2));
    const refusedLines = log.split('\n').filter((line) => line.includes('push refused'));
    expect(refusedLines.join('\n')).toContain(`"deviceId":${reboundId}`);
    for (const line of refusedLines) {
      expect(line).not.toContain('localhost');
      expect(line).not.toContain('127.0.0.77');
    }
    // Nothing reached the fake service for them, and both are still listed.
    expect(
      received.filter((request) => request.path.includes('rebound') || request.path.includes('old')),
    ).toEqual([]);
    const endpoints = (await call('GET', '/api/notificaciones/dispositivos/', ana))
      .json<{ endpoint: string }[]>()
      .map((device) => device.endpoint);
    expect(endpoints).toContain('https://localhost/push/rebound');
    expect(endpoints).toContain('https://127.0.0.77;.push.apple.com/push/old');
  });
});
