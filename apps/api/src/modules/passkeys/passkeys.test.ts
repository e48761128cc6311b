import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSKEYS_MAX_PER_MEMBER, PASSKEY_LABEL_MAX_LENGTH } from '@juntos/domain';
import { passkeys, users, webauthnChallenges } from '../../db/schema';
import {
  createActiveMember,
  lastEmailTo,
  resetTokenFrom,
  STRONG_PASSWORD,
} from '../../test-support/accounts';
import { createSoftwareAuthenticator } from '../../test-support/software-authenticator';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { requestAs } from '../../test-support/requests';
import type { Member } from '../../test-support/profiles';

type Ceremony = {
  challenge_id: string;
  options: { challenge: string; rp?: { id?: string }; user?: { id?: string } };
};
// A clone of an authenticator signs in the same way, but cannot be cloned again.
type Authenticator = Omit<ReturnType<typeof createSoftwareAuthenticator>, 'clone'>;

const ORIGIN = 'http://localhost:5173';

describe('passkeys (issue 21): sign in without a password', () => {
  const world = testAppWithMembers();

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, member?: Member) =>
    requestAs(world.app, member?.access, method, url, payload);

  async function addPasskey(member: Member, authenticator: Authenticator, label = 'My phone') {
    const begun = await call('POST', '/api/passkeys/options/', { password: member.password }, member);
    expect(begun.statusCode, begun.body).toBe(200);
    const ceremony = begun.json<Ceremony>();
    return call(
      'POST',
      '/api/passkeys/',
      { challenge_id: ceremony.challenge_id, label, credential: authenticator.register(ceremony.options) },
      member,
    );
  }

  async function signInWith(authenticator: Authenticator) {
    const begun = await call('POST', '/api/login/passkey/options/');
    expect(begun.statusCode, begun.body).toBe(200);
    const ceremony = begun.json<{ challenge_id: string; options: { challenge: string; rpId?: string } }>();
    return call('POST', '/api/login/passkey/', {
      challenge_id: ceremony.challenge_id,
      credential: authenticator.authenticate(ceremony.options),
    });
  }

  it('a member adds passkeys from a session, lists them, signs in with one, and removes one', async () => {
    const member = await createActiveMember(world.app);
    const phone = createSoftwareAuthenticator(ORIGIN);
    const laptop = createSoftwareAuthenticator(ORIGIN);

    const added = await addPasskey(member, phone, 'My phone');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ label: 'My phone', last_used_at: null });
    expect((await addPasskey(member, laptop, 'Laptop')).statusCode).toBe(201);

    const listed = await call('GET', '/api/passkeys/', undefined, member);
    expect(listed.json<{ results: { label: string }[] }>().results.map((p) => p.label)).toEqual([
      'My phone',
      'Laptop',
    ]);
    // Only the public key is stored, and the options do not carry the member's id.
    const [stored] = await world.app.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, phone.credentialId));
    expect(stored?.userId).toBe(member.user.id);

    const signedIn = await signInWith(phone);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json<{ access: string; user: { id: number }; is_active: boolean }>();
    expect(session).toMatchObject({ user: { id: member.user.id }, is_active: true });
    const me = await world.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(me.statusCode).toBe(200);
    const afterUse = (await call('GET', '/api/passkeys/', undefined, member)).json<{
      results: { id: number; label: string; last_used_at: string | null }[];
    }>().results;
    expect(afterUse.find((p) => p.label === 'My phone')?.last_used_at).not.toBeNull();

    const laptopKey = afterUse.find((p) => p.label === 'Laptop');
    expect((await call('DELETE', `/api/passkeys/${laptopKey?.id}/`, undefined, member)).statusCode).toBe(204);
    const refused = await signInWith(laptop);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'passkey_not_recognised' });
    expect(refused.json<{ detail: string }>().detail).toMatch(/passkey is not/);
  });

  it('adding asks for the password again, and only the owner sees or removes a passkey', async () => {
    const member = await createActiveMember(world.app);
    const other = await createActiveMember(world.app);
    const wrong = await call('POST', '/api/passkeys/options/', { password: 'not-my-password' }, member);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password', fields: { password: expect.any(String) } });
    expect((await call('POST', '/api/passkeys/options/', { password: STRONG_PASSWORD })).statusCode).toBe(
      401,
    );

    // Left unnamed, it is named after the browser it was added from (inject's agent has no known one).
    const unnamed = await addPasskey(member, createSoftwareAuthenticator(ORIGIN), '');
    expect(unnamed.json()).toMatchObject({ label: 'Browser' });
    const [mine] = (await call('GET', '/api/passkeys/', undefined, member)).json<{
      results: { id: number }[];
    }>().results;
    expect((await call('GET', '/api/passkeys/', undefined, other)).json()).toEqual({ results: [] });
    expect((await call('DELETE', `/api/passkeys/${mine?.id}/`, undefined, other)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/passkeys/', undefined, member)).json<{ results: unknown[] }>().results,
    ).toHaveLength(1);
  });

  it('refuses a ceremony from another site, one answered twice, an authenticator without user verification, and a label too long', async () => {
    const member = await createActiveMember(world.app);
    const begin = async () =>
      (await call('POST', '/api/passkeys/options/', { password: member.password }, member)).json<Ceremony>();

    const phishing = createSoftwareAuthenticator('https://juntos.example.evil');
    let ceremony = await begin();
    let answer = await call(
      'POST',
      '/api/passkeys/',
      {
        challenge_id: ceremony.challenge_id,
        label: 'Phone',
        credential: phishing.register(ceremony.options),
      },
      member,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'passkey_failed',
      fields: { credential: expect.any(String) },
    });

    const noPin = createSoftwareAuthenticator(ORIGIN, { userVerified: false });
    ceremony = await begin();
    answer = await call(
      'POST',
      '/api/passkeys/',
      { challenge_id: ceremony.challenge_id, label: 'Key', credential: noPin.register(ceremony.options) },
      member,
    );
    expect(answer.json()).toMatchObject({ code: 'passkey_failed' });

    const good = createSoftwareAuthenticator(ORIGIN);
    ceremony = await begin();
    const noLabel = await call(
      'POST',
      '/api/passkeys/',
      {
        challenge_id: ceremony.challenge_id,
        label: 'x'.repeat(PASSKEY_LABEL_MAX_LENGTH + 1),
        credential: good.register(ceremony.options),
      },
      member,
    );
    expect(noLabel.statusCode).toBe(400);
    expect(noLabel.json<{ fields: Record<string, string> }>().fields.label).toBeTruthy();
    // The refused form left the ceremony open; answered once, it is closed.
    const payload = {
      challenge_id: ceremony.challenge_id,
      label: 'Phone',
      credential: good.register(ceremony.options),
    };
    expect((await call('POST', '/api/passkeys/', payload, member)).statusCode).toBe(201);
    expect((await call('POST', '/api/passkeys/', payload, member)).json()).toMatchObject({
      code: 'passkey_failed',
    });

    // A sign-in answer replayed after it was used is refused (its challenge is gone).
    const begun = (await call('POST', '/api/login/passkey/options/')).json<Ceremony>();
    const signIn = { challenge_id: begun.challenge_id, credential: good.authenticate(begun.options) };
    expect((await call('POST', '/api/login/passkey/', signIn)).statusCode).toBe(200);
    expect((await call('POST', '/api/login/passkey/', signIn)).statusCode).toBe(400);
  });

  it(`holds at most ${PASSKEYS_MAX_PER_MEMBER} passkeys per member`, async () => {
    const member = await createActiveMember(world.app);
    for (let index = 0; index < PASSKEYS_MAX_PER_MEMBER; index += 1)
      expect((await addPasskey(member, createSoftwareAuthenticator(ORIGIN), `Key ${index}`)).statusCode).toBe(
        201,
      );
    const refused = await call('POST', '/api/passkeys/options/', { password: member.password }, member);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'too_many_passkeys' });
    expect(JSON.stringify(refused.json())).toContain(`${PASSKEYS_MAX_PER_MEMBER} passkeys`);
  });

  it('a suspended member cannot sign in with a passkey', async () => {
    const member = await createActiveMember(world.app);
    const key = createSoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(member, key)).statusCode).toBe(201);
    await world.app.database.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, member.user.id));
    const refused = await signInWith(key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_suspended' });
  });

  it('of two sign-ins presenting the same signature counter (a cloned authenticator), exactly one succeeds', async () => {
    const member = await createActiveMember(world.app);
    const key = createSoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(member, key)).statusCode).toBe(201);
    const copy = key.clone();
    const ceremonies = await Promise.all(
      [key, copy].map(async (authenticator) => {
        const begun = (await call('POST', '/api/login/passkey/options/')).json<{
          challenge_id: string;
          options: { challenge: string };
        }>();
        return { challenge_id: begun.challenge_id, credential: authenticator.authenticate(begun.options) };
      }),
    );
    // Each answer is valid on its own (its own challenge, a counter above the stored one); only
    // one may be recorded.
    const answers = await Promise.all(ceremonies.map((body) => call('POST', '/api/login/passkey/', body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((answer) => answer.statusCode === 401)?.json()).toMatchObject({
      code: 'passkey_not_recognised',
    });
    const [stored] = await world.app.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, key.credentialId));
    expect(stored?.counter).toBe(1);
    // The authenticator that won goes on; the copy, whose counter is behind now, stays refused.
    expect((await signInWith(key)).statusCode).toBe(200);
    expect((await signInWith(copy)).statusCode).toBe(401);
  });

  it('adding a passkey tells the member by e-mail, in their language: what, when, and what to do if it was not them', async () => {
    const member = await createActiveMember(world.app, { language: 'fr' });
    expect(
      (await addPasskey(member, createSoftwareAuthenticator(ORIGIN), 'Téléphone de Léa')).statusCode,
    ).toBe(201);
    const notice = await lastEmailTo(world.app, member.email);
    expect(notice.subject).toMatch(/clé d’accès a été ajoutée/);
    expect(notice.textBody).toContain('« Téléphone de Léa »');
    expect(notice.textBody).toMatch(/Quand : .*\d{4}.* \(UTC\)/);
    expect(notice.textBody).toContain('/reset-password');
    expect(notice.htmlBody).toContain('Téléphone de Léa');
  });

  it('a password reset removes every passkey of the account', async () => {
    const member = await createActiveMember(world.app);
    const key = createSoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(member, key)).statusCode).toBe(201);
    await call('POST', '/api/auth/request-reset/', { email: member.email, language: 'en' });
    const token = resetTokenFrom((await lastEmailTo(world.app, member.email)).textBody);
    const reset = await call('POST', '/api/auth/reset-confirm/', {
      token,
      new_password: `${STRONG_PASSWORD}x`,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const rows = await world.app.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, member.user.id));
    expect(rows).toEqual([]);
    expect((await signInWith(key)).statusCode).toBe(401);
  });

  it('deleting the account removes its passkeys and any ceremony it began', async () => {
    const member = await createActiveMember(world.app);
    const key = createSoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(member, key)).statusCode).toBe(201);
    await call('POST', '/api/passkeys/options/', { password: member.password }, member);
    const deleted = await call('DELETE', '/api/delete-account/', { password: member.password }, member);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const db = world.app.database.db;
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, member.user.id))).toEqual([]);
    expect(
      await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, member.user.id)),
    ).toEqual([]);
    expect((await signInWith(key)).statusCode).toBe(401);
  });

  it('answers a malformed answer with a named field, in the member’s language', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/login/passkey/',
      headers: { 'accept-language': 'de' },
      payload: { challenge_id: 'x', credential: { id: 'a' } },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields: Record<string, string> }>().fields)).toContainEqual(
      expect.stringMatching(/^credential/),
    );
  });
});
