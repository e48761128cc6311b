import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBSOCKET_CLOSE } from '@juntos/domain';
import { passkeys } from '../../db/schema';
import {
  createActiveMember,
  lastEmailTo,
  resetTokenFrom,
  rotatedLongAgo,
  STRONG_PASSWORD,
} from '../../test-support/accounts';
import { connectChat } from '../../test-support/chat-client';
import { createSoftwareAuthenticator } from '../../test-support/software-authenticator';
import { createListeningTestApp, type TestApp } from '../../test-support/test-app';
import { createTwoInstances } from '../../test-support/two-instances';
import type { Member } from '../../test-support/profiles';

type Session = { access: string; refresh: string };

const ORIGIN = 'http://localhost:5173';
const NEW_PASSWORD = 'a brand new passphrase 31';

/**
 * Issue 32, acceptance 7 (decision 0031): an access token names its session, and ends with it —
 * at logout, at a password change (the other sessions) and at a reset (all of them) — for the API
 * and for new chat sockets. Changes that could let someone else in are told to the member.
 */
describe('sessions end when they should', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  afterAll(async () => t.cleanup());

  const post = (url: string, payload: object, access?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'accept-language': 'en', ...(access ? { authorization: `Bearer ${access}` } : {}) },
    });
  const me = (access: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${access}` } });
  const renew = (refresh: string) => post('/api/token/refresh/', { refresh });
  const signIn = async (member: Member, password = member.password) => {
    const answer = await post('/api/login/', { email: member.email, password });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Session>();
  };
  /** A new chat socket with this token: open (and it stays so) or refused with 4401. */
  const socketWith = async (access: string) => {
    const socket = await connectChat(t.app, access);
    const outcome = await Promise.race([
      socket.closed.then(({ code }) => code),
      new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 300)),
    ]);
    await socket.close();
    return outcome;
  };
  async function addPasskey(member: Member) {
    const begun = await post('/api/passkeys/options/', { password: member.password }, member.access);
    expect(begun.statusCode, begun.body).toBe(200);
    const ceremony = begun.json<{ challenge_id: string; options: { challenge: string } }>();
    const added = await post(
      '/api/passkeys/',
      {
        challenge_id: ceremony.challenge_id,
        label: 'Phone',
        credential: createSoftwareAuthenticator(ORIGIN).register(ceremony.options),
      },
      member.access,
    );
    expect(added.statusCode, added.body).toBe(201);
  }
  const passkeysOf = async (member: Member) =>
    t.app.database.db.select().from(passkeys).where(eq(passkeys.userId, member.user.id));

  it('a logout ends its access token at once: /api/me answers 401 and a new socket is refused', async () => {
    const member = await createActiveMember(t.app);
    const other = await signIn(member);
    expect((await me(member.access)).statusCode).toBe(200);
    expect(await socketWith(member.access)).toBe('open');

    expect((await post('/api/logout/', { refresh: member.refresh })).statusCode).toBe(204);
    const refused = await me(member.access);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized' });
    expect(await socketWith(member.access)).toBe(WEBSOCKET_CLOSE.unauthorized);
    // A socket may not be renewed with it either.
    const socket = await connectChat(t.app, other.access);
    socket.send({ action: 'renew', token: member.access });
    expect((await socket.closed).code).toBe(WEBSOCKET_CLOSE.unauthorized);

    // The member's other session is another session: it goes on.
    expect((await me(other.access)).statusCode).toBe(200);
    expect(await socketWith(other.access)).toBe('open');
  });

  it('a logout that sends only the access token ends that session too', async () => {
    const member = await createActiveMember(t.app);
    expect((await post('/api/logout/', {}, member.access)).statusCode).toBe(204);
    expect((await me(member.access)).statusCode).toBe(401);
    expect((await renew(member.refresh)).statusCode).toBe(401);
  });

  it('a reused refresh token (theft) ends the access tokens of its session as well', async () => {
    const member = await createActiveMember(t.app);
    const rotated = (await renew(member.refresh)).json<Session>();
    expect((await me(rotated.access)).statusCode).toBe(200);
    await rotatedLongAgo(t.app, member.refresh);
    expect((await renew(member.refresh)).statusCode).toBe(401);
    expect((await me(rotated.access)).statusCode).toBe(401);
  });

  it('a password change ends the other sessions, access tokens included, keeps this one, and removes the passkeys by default', async () => {
    const member = await createActiveMember(t.app);
    await addPasskey(member);
    const other = await signIn(member);

    const changed = await post(
      '/api/change-password/',
      { current_password: member.password, new_password: NEW_PASSWORD },
      member.access,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ detail: string }>().detail).toMatch(/other devices were signed out/);

    expect((await me(other.access)).statusCode).toBe(401);
    expect(await socketWith(other.access)).toBe(WEBSOCKET_CLOSE.unauthorized);
    expect((await renew(other.refresh)).statusCode).toBe(401);

    expect((await me(member.access)).statusCode).toBe(200);
    expect(await socketWith(member.access)).toBe('open');
    const renewed = await renew(member.refresh);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json<Session>().access)).statusCode).toBe(200);

    expect(await passkeysOf(member)).toEqual([]);

    const notice = await lastEmailTo(t.app, member.email);
    expect(notice.subject).toMatch(/password was changed/);
    expect(notice.textBody).toContain('Every other device where you were signed in has been signed out.');
    expect(notice.textBody).toContain('Your passkeys were removed too.');
    expect(notice.textBody).toMatch(/When: .*\d{4}.* \(UTC\)\./);
    expect(notice.textBody).toMatch(/If it was not you, .*\n.*\/reset-password/);
  });

  it('a password change keeps the passkeys when the member asks, and refuses a choice that is not yes or no', async () => {
    const member = await createActiveMember(t.app, { language: 'de' });
    await addPasskey(member);
    const malformed = await post(
      '/api/change-password/',
      { current_password: member.password, new_password: NEW_PASSWORD, remove_passkeys: 'no' },
      member.access,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'validation_failed',
      fields: { remove_passkeys: 'Choose whether to remove your passkeys.' },
    });
    expect((await post('/api/login/', { email: member.email, password: NEW_PASSWORD })).statusCode).toBe(401);

    const kept = await post(
      '/api/change-password/',
      { current_password: member.password, new_password: NEW_PASSWORD, remove_passkeys: false },
      member.access,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await passkeysOf(member)).toHaveLength(1);
    // In the member's language, whatever the language of the request.
    const notice = await lastEmailTo(t.app, member.email);
    expect(notice.subject).toBe('Ihr Passwort für Juntos wurde geändert');
    expect(notice.textBody).toContain('Ihre Passkeys wurden behalten.');
  });

  it('a password reset ends every session, access tokens included, removes the passkeys and tells the member', async () => {
    const member = await createActiveMember(t.app);
    await addPasskey(member);
    const other = await signIn(member);
    expect((await post('/api/auth/request-reset/', { email: member.email, language: 'en' })).statusCode).toBe(
      200,
    );
    const token = resetTokenFrom((await lastEmailTo(t.app, member.email)).textBody);
    expect((await post('/api/auth/reset-confirm/', { token, new_password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );

    for (const session of [member, other]) {
      expect((await me(session.access)).statusCode).toBe(401);
      expect(await socketWith(session.access)).toBe(WEBSOCKET_CLOSE.unauthorized);
      expect((await renew(session.refresh)).statusCode).toBe(401);
    }
    expect(await passkeysOf(member)).toEqual([]);
    const notice = await lastEmailTo(t.app, member.email);
    expect(notice.subject).toMatch(/password was reset/);
    expect(notice.textBody).toContain('Every device has been signed out and every passkey removed.');
    expect((await signIn(member, NEW_PASSWORD)).access).toEqual(expect.any(String));
  });

  it('keeps the cost of a signed-in request: the session check is one statement', async () => {
    const member = await createActiveMember(t.app);
    const before = t.app.database.queryCount();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/passkeys/',
          headers: { authorization: `Bearer ${member.access}` },
        })
      ).statusCode,
    ).toBe(200);
    // The session check and the list itself.
    expect(t.app.database.queryCount() - before).toBe(2);
  });

  it('a wrong current password changes nothing: the other sessions go on', async () => {
    const member: Member = await createActiveMember(t.app);
    const other = await signIn(member);
    const wrong = await post(
      '/api/change-password/',
      { current_password: `${STRONG_PASSWORD}x`, new_password: NEW_PASSWORD },
      member.access,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'wrong_password',
      fields: { current_password: expect.any(String) },
    });
    expect((await me(other.access)).statusCode).toBe(200);
  });
});

/**
 * Instances agree without a list of their own to keep in step: the session check reads the
 * refresh-token table they share (decision 0031), so an end on one holds on the other at once.
 */
describe('sessions end on every instance', () => {
  const environment = { JWT_SECRET: randomBytes(32).toString('hex') };
  let instances: Awaited<ReturnType<typeof createTwoInstances>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    instances = await createTwoInstances(environment, { listen: true });
    ({ a, b } = instances);
  });
  afterAll(async () => instances.cleanup());

  const me = (instance: TestApp, access: string) =>
    instance.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${access}` } });

  it('a logout on one instance ends the access token on the other, for the API and new sockets', async () => {
    const member = await createActiveMember(a.app);
    expect((await me(b, member.access)).statusCode).toBe(200);
    const loggedOut = await a.app.inject({
      method: 'POST',
      url: '/api/logout/',
      payload: { refresh: member.refresh },
    });
    expect(loggedOut.statusCode).toBe(204);
    expect((await me(b, member.access)).statusCode).toBe(401);
    const socket = await connectChat(b.app, member.access);
    expect((await socket.closed).code).toBe(WEBSOCKET_CLOSE.unauthorized);
  });

  it('a password change on one instance ends the other sessions on the other', async () => {
    const member = await createActiveMember(a.app);
    const other = (
      await b.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: member.email, password: member.password },
      })
    ).json<Session>();
    const changed = await b.app.inject({
      method: 'POST',
      url: '/api/change-password/',
      headers: { authorization: `Bearer ${member.access}` },
      payload: { current_password: member.password, new_password: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(a, other.access)).statusCode).toBe(401);
    expect((await me(a, member.access)).statusCode).toBe(200);
  });
});
