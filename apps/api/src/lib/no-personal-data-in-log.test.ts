import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adultPayload, codeFrom, resetTokenFrom, STRONG_PASSWORD } from '../test-support/accounts';
import { parseEmail } from '../test-support/email-message';
import { describeLeaks, findPersonalDataInLog } from '../test-support/personal-data-in-log';
import { completeProfile, putProfile, sendForm } from '../test-support/profiles';
import { createTestApp, type TestApp } from '../test-support/test-app';

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
 * One member's whole journey through an app logging at debug level, without SMTP_URL (e-mails
 * written as files), and a second app whose SMTP server is down: afterwards the log holds none of
 * the addresses, names, phone, codes, links or tokens, only member ids (issue 24, point 5).
 */
describe('no personal data in the log', () => {
  let log = '';
  const logStream = { write: (line: string) => void (log += line) };
  let t: TestApp;
  let failing: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'debug', CONTACT_EMAIL: 'privacy@juntos.test' }, { logStream });
    failing = await createTestApp(
      { LOG_LEVEL: 'debug', SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
      { logStream },
    );
  });
  afterAll(async () => {
    await t?.cleanup();
    await failing?.cleanup();
  });

  const post = (app: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

  /** The newest `.eml` file to `to` in DATA_DIR/mail. */
  const lastMailTo = (to: string) => {
    const mailDir = t.config.paths.mail;
    const last = readdirSync(mailDir)
      .filter((name) => name.endsWith('.eml'))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .map((name) => parseEmail(readFileSync(path.join(mailDir, name), 'utf8')))
      .filter((mail) => mail.to.includes(to))
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
    const saved = await putProfile(t.app, session.access, completeProfile(name));
    expect(saved.statusCode).toBe(200);
    const words = 'Mi hija Wilhelmina duerme mal desde la operación';
    const posted = await sendForm(t.app, session.access, 'POST', '/api/posts/', { text: words });
    expect(posted.statusCode).toBe(201);
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
    expect(log).toContain('"level":20');

    const leaks = findPersonalDataInLog(log, {
      emails: [payload.email, unlucky.email],
      names: [name.nombre, name.apellidos, words],
      phones: [telefono],
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
