import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adultPayload, codeFrom, resetTokenFrom, STRONG_PASSWORD } from '../test-support/accounts';
import { parseEmail } from '../test-support/email-message';
import { describeLeaks, findPersonalDataInLog } from '../test-support/personal-data-in-log';
import { eventually } from '../test-support/eventually';
import { completeProfile, createMemberWithProfile, putProfile, sendForm } from '../test-support/profiles';
import { createSoftwareAuthenticator } from '../test-support/software-authenticator';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { requestAs } from '../test-support/requests';

type Tokens = { access: string; refresh: string };

/** A port nothing listens on: an SMTP_URL whose every delivery fails. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * One member's whole journey through an app logging at the default level and at trace (where
 * libraries log their own details: @fastify/multipart logs the request's headers), without
 * SMTP_URL (e-mails written as files), and a second app whose SMTP server is down: afterwards the
 * log holds none of the addresses, names, phone, codes, links or tokens, only member ids (issue 24,
 * point 5), and no health fact or secret from a path: the unsubscribe token, the disease of a
 * community, passkey and push routes (issue 32, point 8).
 */
describe.each(['info', 'trace'] as const)('no personal data in the log at %s', (level) => {
  let log = '';
  const logStream = { write: (line: string) => void (log += line) };
  let t: TestApp;
  let failing: TestApp;

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: level, CONTACT_EMAIL: 'privacy@juntos.test', NOTIFICATION_EMAIL_DELAY_SECONDS: '0' },
      { logStream },
    );
    failing = await createTestApp(
      { LOG_LEVEL: level, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
      { logStream },
    );
  });
  afterAll(async () => {
    await t?.cleanup();
    await failing?.cleanup();
  });

  const post = (app: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, access: string, payload?: object) =>
    requestAs(t.app, access, method, url, payload);

  /** The newest `.eml` file to `to` in DATA_DIR/mail (whose raw text matches `rawHas`). */
  const lastMailTo = (to: string, rawHas: RegExp = /./) => {
    const mailDir = t.config.paths.mail;
    const last = readdirSync(mailDir)
      .filter((name) => name.endsWith('.eml'))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .map((name) => readFileSync(path.join(mailDir, name), 'utf8'))
      .map((raw) => ({ raw, ...parseEmail(raw) }))
      .filter((mail) => mail.to.includes(to) && rawHas.test(mail.raw))
      .at(-1);
    if (!last) throw new Error(`no e-mail to ${to}`);
    return last;
  };

  it('holds member ids, never an address, name, phone, code, link or token', async () => {
    const telefono = '+34611222333';
    const payload = adultPayload({ telefono });
    const secrets: string[] = [payload.password];
    expect((await post(t, '/api/register/', payload)).statusCode).toBe(201);

    const code = codeFrom(lastMailTo(payload.email).text);
    secrets.push(code);
    const activated = await post(t, '/api/activate/', { email: payload.email, code });
    expect(activated.statusCode).toBe(200);
    secrets.push(activated.json<Tokens>().access, activated.json<Tokens>().refresh);

    const wrong = await post(t, '/api/login/', { email: payload.email, password: 'not the password at all' });
    expect(wrong.statusCode).toBe(401);
    const login = await post(
      t,
      '/api/login/',
      { email: payload.email, password: payload.password },
      { 'user-agent': 'Mozilla/5.0 (log test)' },
    );
    expect(login.statusCode).toBe(200);
    const session = login.json<Tokens>();
    secrets.push(session.access, session.refresh);

    const name = { nombre: 'Wilhelmina', apellidos: 'Quintanilla-Berrocal' };
    // A disease whose code and name appear nowhere else in a log line (no timestamp holds 98249).
    const disease = { enfermedad: 'Ehlers-Danlos syndrome', orphacode: '98249' };
    const saved = await putProfile(t.app, session.access, completeProfile({ ...name, ...disease }));
    expect(saved.statusCode).toBe(200);
    const words = 'Mi hija Wilhelmina duerme mal desde la operación';
    // A multipart upload: at trace, the form parser's own line carries the request's headers.
    const posted = await sendForm(t.app, session.access, 'POST', '/api/posts/', { text: words });
    expect(posted.statusCode).toBe(201);
    const community = await call('GET', `/api/comunidades/enfermedad/${disease.orphacode}/`, session.access);
    expect(community.statusCode).toBeLessThan(500);

    // Push: the device's address is the member's; the send is refused (loopback), logged by id.
    const endpoint = 'https://127.0.0.1/push/CANARYDEVICEADDRESS';
    secrets.push('CANARYDEVICEADDRESS');
    const device = await call('POST', '/api/notificaciones/dispositivos/', session.access, {
      endpoint,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });
    expect(device.statusCode, device.body).toBe(201);
    expect((await call('GET', '/api/notificaciones/dispositivos/', session.access)).statusCode).toBe(200);

    // Passkeys: the password asked again, the ceremony's ids, the session it opens.
    const authenticator = createSoftwareAuthenticator('http://localhost:5173');
    const begun = await call('POST', '/api/passkeys/options/', session.access, {
      password: payload.password,
    });
    expect(begun.statusCode, begun.body).toBe(200);
    const ceremony = begun.json<{ challenge_id: string; options: { challenge: string } }>();
    secrets.push(ceremony.challenge_id, ceremony.options.challenge);
    const added = await call('POST', '/api/passkeys/', session.access, {
      challenge_id: ceremony.challenge_id,
      label: 'Wilhelmina’s phone',
      credential: authenticator.register(ceremony.options),
    });
    expect(added.statusCode, added.body).toBe(201);
    secrets.push(authenticator.credentialId);
    const signInBegun = await post(t, '/api/login/passkey/options/', {});
    const signInCeremony = signInBegun.json<{ challenge_id: string; options: { challenge: string } }>();
    secrets.push(signInCeremony.challenge_id, signInCeremony.options.challenge);
    const passkeySession = await post(t, '/api/login/passkey/', {
      challenge_id: signInCeremony.challenge_id,
      credential: authenticator.authenticate(signInCeremony.options),
    });
    expect(passkeySession.statusCode, passkeySession.body).toBe(200);
    secrets.push(passkeySession.json<Tokens>().access, passkeySession.json<Tokens>().refresh);
    const passkeyId = added.json<{ id: number }>().id;
    expect((await call('DELETE', `/api/passkeys/${passkeyId}/`, session.access)).statusCode).toBe(204);

    // An e-mail about a comment carries the permanent unsubscribe token; both of its addresses
    // are then visited: the page (`/baja/<token>`) and the one-click POST.
    const { settings } = (await call('GET', '/api/notificaciones/ajustes/', session.access)).json<{
      settings: object;
    }>();
    const immediately = await call('PUT', '/api/notificaciones/ajustes/', session.access, {
      ...settings,
      email_frequency: 'immediately',
    });
    expect(immediately.statusCode, immediately.body).toBe(200);
    const commenter = await createMemberWithProfile(t.app);
    const postId = posted.json<{ id: number }>().id;
    expect(
      (await call('POST', `/api/posts/${postId}/comment/`, commenter.access, { text: 'Un abrazo' }))
        .statusCode,
    ).toBe(201);
    const notice = await eventually(() => lastMailTo(payload.email, /^List-Unsubscribe:/m), 30_000);
    const unsubscribeToken = /\/api\/notificaciones\/baja\/([\w.-]+)\//.exec(notice.raw)?.[1] ?? '';
    secrets.push(unsubscribeToken);
    await t.app.inject({ method: 'GET', url: `/baja/${unsubscribeToken}`, headers: { accept: 'text/html' } });
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: `/api/notificaciones/baja/${unsubscribeToken}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/buscar/perfil/?q=${encodeURIComponent(name.apellidos)}`,
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(search.statusCode).toBeLessThan(500);

    expect(
      (await post(t, '/api/auth/request-reset/', { email: payload.email, language: 'en' })).statusCode,
    ).toBe(200);
    const resetToken = resetTokenFrom(lastMailTo(payload.email).text);
    secrets.push(resetToken);
    await t.app.inject({
      method: 'GET',
      url: `/reset-confirm?token=${resetToken}`,
      headers: { accept: 'text/html' },
    });
    const newPassword = `${STRONG_PASSWORD} renewed`;
    secrets.push(newPassword);
    const confirmed = await post(t, '/api/auth/reset-confirm/', {
      token: resetToken,
      new_password: newPassword,
    });
    expect(confirmed.statusCode).toBe(200);

    const unlucky = adultPayload({ telefono });
    expect((await post(failing, '/api/register/', unlucky)).statusCode).toBe(201);

    // The log did record all of it, so an empty log cannot pass for a clean one.
    expect(log).toContain('e-mail written to a file');
    expect(log).toContain('e-mail delivery failed');
    expect(log).toContain('"url":"/reset-confirm?token=…"');
    expect(log).toMatch(/"userId":\d+[^\n]*e-mail delivery failed/);
    expect(log).toContain('"url":"/api/comunidades/enfermedad/:orphacode/"');
    expect(log).toContain('"url":"/api/notificaciones/baja/:token/"');
    expect(log).toContain('"url":"/baja/…"');
    expect(log).toContain('"url":"/api/passkeys/:id/"');
    if (level === 'trace') {
      expect(log).toContain('"level":10');
      expect(log).toContain('Providing options to busboy');
      expect(log).toContain('"authorization":"[Redacted]"');
    } else expect(log).not.toContain('"level":20');

    const leaks = findPersonalDataInLog(log, {
      emails: [payload.email, unlucky.email],
      names: [name.nombre, name.apellidos, words],
      phones: [telefono],
      healthFacts: [disease.orphacode, disease.enfermedad, 'Ehlers'],
      secrets,
      allowedEmails: ['privacy@juntos.test'],
    });
    expect(leaks, describeLeaks(leaks)).toEqual([]);
  });

  it('writes each e-mail as a file only its owner can read', () => {
    const mailDir = t.config.paths.mail;
    const files = readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) expect(statSync(path.join(mailDir, file)).mode & 0o777, file).toBe(0o600);
  });
});
