import { mkdirSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  activationCodes,
  consentRecords,
  emailOutbox,
  passwordResetTokens,
  refreshTokens,
  users,
} from '../../db/schema';
import {
  STRONG_PASSWORD,
  adultPayload,
  codeFrom,
  signUpThroughApi,
  lastEmailTo,
  minorPayload,
  resetTokenFrom,
  rotatedLongAgo,
  uniqueEmail,
} from '../../test-support/accounts';
import { makeAdmin } from '../../test-support/admins';
import { createTestApp } from '../../test-support/test-app';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { ACTIVATION_MAX_FAILED_ATTEMPTS } from './tokens';

describe('accounts and sessions', () => {
  // The production cost: the stored hash's parameters are checked below.
  const world = testAppWithMembers({ environment: { PASSWORD_HASH_COST: 'standard' } });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    world.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { 'accept-language': 'en', ...headers },
    });
  const countUsers = async () =>
    (await world.app.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0;

  describe('adult sign-up (spec §5)', () => {
    it('creates an inactive account, a consent record and an e-mailed 6-digit code', async () => {
      const payload = adultPayload({ email: `  Mixed.Case-${Date.now()}@Example.ORG ` });
      const response = await post('/api/register/', payload);
      expect(response.statusCode).toBe(201);
      const email = payload.email.trim().toLowerCase();
      expect(response.json()).toMatchObject({ email });
      const [user] = await world.app.database.db.select().from(users).where(eq(users.email, email));
      expect(user).toMatchObject({ isActive: false, tipoRegistro: 'adulto', language: 'en' });
      expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const consents = await world.app.database.db
        .select()
        .from(consentRecords)
        .where(eq(consentRecords.userId, user!.id));
      expect(consents.map((c) => c.kind).sort()).toEqual(['health_data_processing', 'operating_policy']);
      expect(consents[0]?.policyVersion).toBeTruthy();
      const mail = await lastEmailTo(world.app, email);
      expect(codeFrom(mail.textBody)).toMatch(/^\d{6}$/);
      expect(mail.htmlBody).toContain(codeFrom(mail.textBody));
      expect(mail.subject).toContain('activation code');
      const [pending] = await world.app.database.db
        .select()
        .from(activationCodes)
        .where(eq(activationCodes.userId, user!.id));
      expect(pending?.codeHash).not.toContain(codeFrom(mail.textBody));
    });

    it('writes the e-mail in the language of the payload', async () => {
      const payload = adultPayload({ language: 'de' });
      await post('/api/register/', payload);
      const mail = await lastEmailTo(world.app, payload.email);
      expect(mail.subject).not.toContain('activation code');
      expect(mail.htmlBody).toContain('lang="de"');
    });

    it('refuses a second account for the same address, whatever its case (409)', async () => {
      const payload = adultPayload();
      expect((await post('/api/register/', payload)).statusCode).toBe(201);
      const again = await post('/api/register/', {
        ...payload,
        email: payload.email.toUpperCase(),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'email_taken', fields: { email: expect.any(String) } });
    });

    const invalid: [string, Record<string, unknown>, string, string][] = [
      ['a malformed e-mail', { email: 'not an email' }, 'email', 'signup_adult.invalid_fields'],
      [
        'a disposable domain (maildrop.cc)',
        { email: 'someone@maildrop.cc' },
        'email',
        'signup_adult.temp_email',
      ],
      [
        'a disposable domain (discard.email)',
        { email: 'someone@discard.email' },
        'email',
        'signup_adult.temp_email',
      ],
      ['a phone without +', { telefono: '34600111222' }, 'telefono', 'signup_adult.invalid_phone'],
      ['a phone of 5 digits', { telefono: '+12345' }, 'telefono', 'signup_adult.invalid_phone'],
      ['a phone of 16 digits', { telefono: '+1234567890123456' }, 'telefono', 'signup_adult.invalid_phone'],
      [
        'an unticked confirmation',
        { acepta_mayoria_edad: false },
        'acepta_mayoria_edad',
        'signup_adult.confirmation_required',
      ],
      ['an empty password', { password: '' }, 'password', 'password.required'],
      ['a short password', { password: 'abc12' }, 'password', 'password.too_short'],
      ['a 1 MB password', { password: 'x'.repeat(1_000_000) }, 'password', 'password.too_long'],
      ['a common password', { password: 'password123' }, 'password', 'password.common'],
      ['SQL in the e-mail', { email: "x'; DROP TABLE users;--" }, 'email', 'signup_adult.invalid_fields'],
      ['a wrong type', { telefono: 600111222 }, 'telefono', 'signup.phone_invalid'],
    ];
    for (const [label, change, field, key] of invalid) {
      it(`refuses ${label}, naming ${field}, and stores nothing`, async () => {
        const before = await countUsers();
        const response = await post('/api/register/', adultPayload(change));
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body.fields?.[field], JSON.stringify(body)).toBeTruthy();
        expect(body.fields[field]).not.toBe(key); // translated, not the bare key
        expect(await countUsers()).toBe(before);
      });
    }

    it('answers in the language of Accept-Language', async () => {
      const response = await post('/api/register/', adultPayload({ telefono: '123' }), {
        'accept-language': 'es',
      });
      const english = await post('/api/register/', adultPayload({ telefono: '123' }));
      expect(response.json().fields.telefono).not.toBe(english.json().fields.telefono);
    });

    it('refuses malformed JSON and a missing body', async () => {
      const malformed = await world.app.inject({
        method: 'POST',
        url: '/api/register/',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.c", ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('invalid_json');
      const empty = await world.app.inject({ method: 'POST', url: '/api/register/' });
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('minor sign-up: the rules in the spec order', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['guardian name missing', { nombre_tutor: '  ' }, 'nombre_tutor'],
      ['disposable address', { email: 'kid@maildrop.cc' }, 'email'],
      ['phone of 6 digits (adults may, minors may not)', { telefono: '+123456' }, 'telefono'],
      ['unknown relation', { relacion_tutor: 'abuelo' }, 'relacion_tutor'],
      [
        'responsibility box unticked',
        { acepta_responsabilidad_menor: false },
        'acepta_responsabilidad_menor',
      ],
      ['legal box unticked', { acepta_mayoria_edad: false }, 'acepta_mayoria_edad'],
    ];
    for (const [label, change, field] of cases) {
      it(`refuses: ${label}`, async () => {
        const response = await post('/api/register/', minorPayload(change));
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json<{ fields: Record<string, string> }>().fields)).toContain(field);
      });
    }

    it('accepts a complete minor registration with guardian fields and three consent records', async () => {
      const payload = minorPayload();
      const response = await post('/api/register/', payload);
      expect(response.statusCode).toBe(201);
      const [user] = await world.app.database.db.select().from(users).where(eq(users.email, payload.email));
      expect(user).toMatchObject({
        tipoRegistro: 'menor',
        nombreTutor: 'María López',
        relacionTutor: 'madre',
      });
      const consents = await world.app.database.db
        .select()
        .from(consentRecords)
        .where(eq(consentRecords.userId, user!.id));
      expect(consents).toHaveLength(3);
    });

    it('a script in the guardian name is stored as plain text, never interpreted', async () => {
      const payload = minorPayload({ nombre_tutor: '<script>alert(1)</script>' });
      expect((await post('/api/register/', payload)).statusCode).toBe(201);
    });
  });

  describe('activation (6 digits, 10 minutes, a ceiling of wrong codes, single use)', () => {
    it('only an active account can sign in; a login before activation sends a new code', async () => {
      const payload = adultPayload();
      await post('/api/register/', payload);
      const login = await post('/api/login/', { email: payload.email, password: payload.password });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toEqual({ is_active: false, activation_required: true, profile_complete: false });
    });

    // Strangers cannot get this far: wrong codes make them wait first (activation-limits.test.ts).
    it(`wrong codes count; after ${ACTIVATION_MAX_FAILED_ATTEMPTS} a new code is needed, and the new code works`, async () => {
      const payload = adultPayload();
      await post('/api/register/', payload);
      const code = codeFrom((await lastEmailTo(world.app, payload.email)).textBody);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt < ACTIVATION_MAX_FAILED_ATTEMPTS; attempt += 1) {
        const response = await post('/api/activate/', { email: payload.email, code: wrong });
        expect(response.json().code).toBe('invalid_code');
      }
      expect((await post('/api/activate/', { email: payload.email, code: wrong })).json().code).toBe(
        'too_many_attempts',
      );
      expect((await post('/api/activate/', { email: payload.email, code })).json().code).toBe(
        'too_many_attempts',
      );

      const resend = await post('/api/activate/resend/', { email: payload.email });
      expect(resend.statusCode).toBe(200);
      const newCode = codeFrom((await lastEmailTo(world.app, payload.email)).textBody);
      const activated = await post('/api/activate/', { email: payload.email, code: newCode });
      expect(activated.statusCode).toBe(200);
      expect(activated.json()).toMatchObject({
        access: expect.any(String),
        refresh: expect.any(String),
        profile_complete: false,
      });
      expect((await post('/api/activate/', { email: payload.email, code: newCode })).statusCode).toBe(400);
    });

    it('an expired code is refused', async () => {
      const payload = adultPayload();
      await post('/api/register/', payload);
      const code = codeFrom((await lastEmailTo(world.app, payload.email)).textBody);
      const [user] = await world.app.database.db.select().from(users).where(eq(users.email, payload.email));
      await world.app.database.db
        .update(activationCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(activationCodes.userId, user!.id));
      expect((await post('/api/activate/', { email: payload.email, code })).json().code).toBe('code_expired');
    });

    it('a code must be exactly 6 digits', async () => {
      for (const code of ['12345', '1234567', 'abcdef', '12 456']) {
        const response = await post('/api/activate/', { email: 'x@example.org', code });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields.code).toBeTruthy();
      }
    });

    it('resend answers the same for unknown addresses', async () => {
      const unknown = await post('/api/activate/resend/', { email: uniqueEmail('nobody') });
      const known = adultPayload();
      await post('/api/register/', known);
      const existing = await post('/api/activate/resend/', { email: known.email });
      expect(unknown.json()).toEqual(existing.json());
    });
  });

  describe('login, tokens and refresh', () => {
    it('answers the fields the client reads, and refuses a wrong password with detail', async () => {
      const member = await signUpThroughApi(world.app);
      const login = await post('/api/login/', {
        email: member.email.toUpperCase(),
        password: member.password,
      });
      expect(login.json()).toMatchObject({
        access: expect.any(String),
        refresh: expect.any(String),
        user: { id: member.user.id, email: member.email, tipo_registro: 'adulto' },
        is_active: true,
        profile_complete: false,
        activation_required: false,
      });
      const wrong = await post('/api/login/', { email: member.email, password: 'wrong password here' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'invalid_credentials', detail: expect.any(String) });
      const unknown = await post('/api/login/', { email: uniqueEmail('ghost'), password: 'whatever123' });
      expect(unknown.json().detail).toBe(wrong.json().detail);
    });

    it('GET /api/me needs a valid token and is never cached', async () => {
      const member = await signUpThroughApi(world.app);
      const me = await world.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${member.access}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        id: member.user.id,
        email: member.email,
        tipo_registro: 'adulto',
        is_active: true,
        profile_complete: false,
        profile_intro_seen: false,
        is_admin: false,
      });
      expect(me.headers['cache-control']).toBe('no-store');
      // The role is read with each answer: the web app offers /admin only to an administrator.
      await makeAdmin(world.app, member.user.id);
      const asAdmin = await world.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${member.access}` },
      });
      expect(asAdmin.json()).toMatchObject({ id: member.user.id, is_admin: true });
      expect((await world.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
      const forged = await world.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${member.access}x` },
      });
      expect(forged.statusCode).toBe(401);
    });

    it('rotates refresh tokens; reusing a rotated one revokes the whole family', async () => {
      const member = await signUpThroughApi(world.app);
      const first = await post('/api/token/refresh/', { refresh: member.refresh });
      expect(first.statusCode).toBe(200);
      const rotated = first.json<{ access: string; refresh: string }>();
      expect(rotated.refresh).not.toBe(member.refresh);
      await rotatedLongAgo(world.app, member.refresh);
      const reuse = await post('/api/token/refresh/', { refresh: member.refresh });
      expect(reuse.statusCode).toBe(401);
      expect((await post('/api/token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
    });

    it('a rotated token used again within the grace (a page left mid-renewal, two racing requests) keeps the session', async () => {
      const member = await signUpThroughApi(world.app);
      const [one, two] = await Promise.all([
        post('/api/token/refresh/', { refresh: member.refresh }),
        post('/api/token/refresh/', { refresh: member.refresh }),
      ]);
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      // The page that never stored its answer sends the old token again: a new pair, same session.
      const again = await post('/api/token/refresh/', { refresh: member.refresh });
      expect(again.statusCode).toBe(200);
      const latest = again.json<{ access: string; refresh: string }>();
      const me = await world.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${latest.access}` },
      });
      expect(me.statusCode).toBe(200);
      expect((await post('/api/token/refresh/', { refresh: latest.refresh })).statusCode).toBe(200);
      // A sign-out within the grace is final: the old token renews nothing.
      expect((await post('/api/logout/', { refresh: member.refresh })).statusCode).toBe(204);
      expect((await post('/api/token/refresh/', { refresh: member.refresh })).statusCode).toBe(401);
    });

    it('logout revokes the refresh token', async () => {
      const member = await signUpThroughApi(world.app);
      expect((await post('/api/logout/', { refresh: member.refresh })).statusCode).toBe(204);
      expect((await post('/api/token/refresh/', { refresh: member.refresh })).statusCode).toBe(401);
    });

    it('slows login per address and IP, rate-limits sign-up per IP and reset requests with 429 and Retry-After', async () => {
      const strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
      try {
        const send = (url: string, payload: object) => strict.app.inject({ method: 'POST', url, payload });
        const member = await signUpThroughApi(strict.app);
        const statuses: number[] = [];
        // Five failures are free; the sixth makes the next attempt wait (modules/auth/login-limits.test.ts).
        for (let attempt = 0; attempt < 6; attempt += 1) {
          statuses.push(
            (await send('/api/login/', { email: member.email, password: 'wrong password here' })).statusCode,
          );
        }
        expect(statuses.every((status) => status === 401)).toBe(true);
        const limited = await send('/api/login/', { email: member.email, password: member.password });
        expect(limited.statusCode).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect(limited.json().code).toBe('rate_limited');

        let signup;
        for (let attempt = 0; attempt < 10; attempt += 1)
          signup = await send('/api/register/', adultPayload());
        expect(signup?.statusCode).toBe(429);

        let reset;
        for (let attempt = 0; attempt < 4; attempt += 1)
          reset = await send('/api/auth/request-reset/', { email: member.email, language: 'en' });
        expect(reset?.statusCode).toBe(429);
      } finally {
        await strict.cleanup();
      }
    });
  });

  describe('passwords', () => {
    it('reset: same answer for unknown addresses; the link works once and revokes sessions', async () => {
      const member = await signUpThroughApi(world.app);
      const unknown = await post('/api/auth/request-reset/', {
        email: uniqueEmail('nobody'),
        language: 'en',
      });
      const known = await post('/api/auth/request-reset/', { email: member.email, language: 'en' });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      const mail = await lastEmailTo(world.app, member.email);
      expect(mail.textBody).toContain('/reset-confirm?token=');
      const token = resetTokenFrom(mail.textBody);
      const newPassword = 'a brand new passphrase 7';
      const confirmed = await post('/api/auth/reset-confirm/', { token, new_password: newPassword });
      expect(confirmed.statusCode).toBe(200);
      expect(
        (await post('/api/auth/reset-confirm/', { token, new_password: 'another passphrase 8' })).json().code,
      ).toBe('invalid_reset_token');
      expect((await post('/api/token/refresh/', { refresh: member.refresh })).statusCode).toBe(401);
      expect((await post('/api/login/', { email: member.email, password: member.password })).statusCode).toBe(
        401,
      );
      expect(
        (await post('/api/login/', { email: member.email, password: newPassword })).json().is_active,
      ).toBe(true);
    });

    it('reset: an expired link is refused', async () => {
      const member = await signUpThroughApi(world.app);
      await post('/api/auth/request-reset/', { email: member.email, language: 'en' });
      const token = resetTokenFrom((await lastEmailTo(world.app, member.email)).textBody);
      await world.app.database.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.userId, member.user.id));
      const response = await post('/api/auth/reset-confirm/', {
        token,
        new_password: 'a brand new passphrase 7',
      });
      expect(response.json().code).toBe('invalid_reset_token');
    });

    it('change password: checks the current one; the session that changed it goes on', async () => {
      const member = await signUpThroughApi(world.app);
      const auth = { authorization: `Bearer ${member.access}` };
      const wrong = await post(
        '/api/change-password/',
        { current_password: 'not it at all', new_password: 'new passphrase 99' },
        auth,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields.current_password).toBeTruthy();
      const common = await post(
        '/api/change-password/',
        { current_password: STRONG_PASSWORD, new_password: 'qwerty123' },
        auth,
      );
      expect(common.json().fields.new_password).toBeTruthy();
      const ok = await post(
        '/api/change-password/',
        { current_password: STRONG_PASSWORD, new_password: 'new passphrase 99' },
        auth,
      );
      expect(ok.statusCode).toBe(200);
      // The other sessions end (sessions-end.test.ts); this one renews as before.
      expect((await post('/api/token/refresh/', { refresh: member.refresh })).statusCode).toBe(200);
      expect(
        (await post('/api/login/', { email: member.email, password: 'new passphrase 99' })).json().is_active,
      ).toBe(true);
    });
    it('change password: an access token of another session no longer opens anything', async () => {
      const member = await signUpThroughApi(world.app);
      const other = (await post('/api/login/', { email: member.email, password: STRONG_PASSWORD })).json<{
        access: string;
      }>();
      const me = (access: string) =>
        world.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${access}` } });
      expect((await me(other.access)).statusCode).toBe(200);
      const changed = await post(
        '/api/change-password/',
        { current_password: STRONG_PASSWORD, new_password: 'new passphrase 77' },
        { authorization: `Bearer ${member.access}` },
      );
      expect(changed.statusCode).toBe(200);
      expect((await me(other.access)).statusCode).toBe(401);
      expect((await me(member.access)).statusCode).toBe(200);
    });
  });

  describe('account deletion', () => {
    it('deletes every row and file of the member, and nothing of anyone else', async () => {
      const member = await signUpThroughApi(world.app);
      const other = await signUpThroughApi(world.app);
      const folder = path.join(world.config.paths.media, 'users', String(member.user.id));
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, 'photo.webp'), 'image bytes');
      const response = await world.app.inject({
        method: 'DELETE',
        url: '/api/delete-account/',
        headers: { authorization: `Bearer ${member.access}` },
        payload: { password: member.password },
      });
      expect(response.statusCode).toBe(200);
      const db = world.app.database.db;
      for (const [table, column] of [
        [users, users.id],
        [consentRecords, consentRecords.userId],
        [refreshTokens, refreshTokens.userId],
        [emailOutbox, emailOutbox.userId],
      ] as const) {
        expect(await db.select().from(table).where(eq(column, member.user.id))).toHaveLength(0);
      }
      expect(existsSync(folder)).toBe(false);
      expect((await db.select().from(users).where(eq(users.id, other.user.id))).length).toBe(1);
      const me = await world.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${member.access}` },
      });
      expect(me.statusCode).toBe(401);
    });

    it('asks for the current password: missing is a 400, wrong a 403, each naming the field', async () => {
      const member = await signUpThroughApi(world.app);
      const remove = (payload?: object, language = 'en') =>
        world.app.inject({
          method: 'DELETE',
          url: '/api/delete-account/',
          headers: { authorization: `Bearer ${member.access}`, 'accept-language': language },
          ...(payload ? { payload } : {}),
        });

      const missing = await remove();
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'validation_failed',
        fields: { password: expect.any(String) },
      });
      expect(missing.json<{ fields: { password: string } }>().fields.password).toBe(
        'Enter your current password to delete your account.',
      );
      expect((await remove({ password: '' })).statusCode).toBe(400);

      const wrong = await remove({ password: 'not my password at all' }, 'es');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({
        error: 'Tu contraseña actual no es correcta.',
        code: 'wrong_password',
        fields: { password: 'Tu contraseña actual no es correcta.' },
      });

      // Nothing was deleted: the session and the account still work.
      const me = await world.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${member.access}` },
      });
      expect(me.statusCode).toBe(200);
      expect((await remove({ password: member.password })).statusCode).toBe(200);
    });
  });
});
