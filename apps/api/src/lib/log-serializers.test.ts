import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { adultPayload, codeFrom, resetTokenFrom, STRONG_PASSWORD } from '../test-support/accounts';
import { parseEmail } from '../test-support/email-message';
import { startServerProcess, type ServerProcess } from '../test-support/server-process';

type Tokens = { access: string; refresh: string };

/**
 * A whole session of one member against the real server process, with its log captured as the
 * operator would see it (LOG_LEVEL info, no SMTP_URL): afterwards not one secret the server
 * issued or received may be found in that log.
 */
describe('the log of a full session', () => {
  let server: ServerProcess;
  let dataDir: string;
  const secrets = new Map<string, string>();
  const remember = (label: string, value: string) => {
    expect(value, label).toBeTruthy();
    secrets.set(label, value);
  };

  const call = async (method: string, url: string, body?: unknown, access?: string) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(access ? { authorization: `Bearer ${access}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: <T>() => JSON.parse(text) as T };
  };

  /** The newest message to `to` among the `.eml` files the server writes without SMTP. */
  const lastMailTo = async (to: string, subjectHas: RegExp = /./) => {
    const mailDir = path.join(dataDir, 'mail');
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const found = (() => {
        try {
          return readdirSync(mailDir)
            .filter((name) => name.endsWith('.eml'))
            .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
            .map((name) => parseEmail(readFileSync(path.join(mailDir, name), 'utf8')))
            .filter((mail) => mail.to.includes(to) && subjectHas.test(mail.subject));
        } catch {
          return [];
        }
      })();
      const last = found.at(-1);
      if (last) return last;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no e-mail to ${to}`);
  };

  const openSocket = (token: string) =>
    new Promise<{ socket: WebSocket; closed: Promise<number> }>((resolve, reject) => {
      const socket = new WebSocket(
        `${server.url.replace('http', 'ws')}/ws/chat/?token=${encodeURIComponent(token)}`,
      );
      const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
      socket.once('open', () => resolve({ socket, closed }));
      socket.once('error', reject);
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-log-'));
    server = await startServerProcess({ DATA_DIR: dataDir });
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds no token, code or password the session used', async () => {
    const payload = adultPayload();
    remember('password', payload.password);
    expect((await call('POST', '/api/register/', payload)).status).toBe(201);

    const code = codeFrom((await lastMailTo(payload.email)).text);
    remember('activation code', code);
    const activated = await call('POST', '/api/activate/', { email: payload.email, code });
    expect(activated.status).toBe(200);
    remember('access token at activation', activated.json<Tokens>().access);
    remember('refresh token at activation', activated.json<Tokens>().refresh);

    const login = await call('POST', '/api/login/', { email: payload.email, password: payload.password });
    expect(login.status).toBe(200);
    const { access, refresh } = login.json<Tokens>();
    remember('access token at login', access);
    remember('refresh token at login', refresh);

    const refreshed = await call('POST', '/api/token/refresh/', { refresh });
    expect(refreshed.status).toBe(200);
    remember('refreshed access token', refreshed.json<Tokens>().access);
    remember('rotated refresh token', refreshed.json<Tokens>().refresh);
    expect((await call('GET', '/api/me', undefined, refreshed.json<Tokens>().access)).status).toBe(200);
    // The spent refresh token again: within the reuse grace it renews once more (the page that
    // never stored its answer); then a sign-out, after which the spent token is refused and
    // logged as a client error, and the access tokens of the session end with it (decision 0031).
    const renewedAgain = await call('POST', '/api/token/refresh/', { refresh });
    expect(renewedAgain.status).toBe(200);
    remember('access token of the reuse', renewedAgain.json<Tokens>().access);
    remember('refresh token of the reuse', renewedAgain.json<Tokens>().refresh);
    expect((await call('POST', '/api/logout/', { refresh })).status).toBe(204);
    expect((await call('POST', '/api/token/refresh/', { refresh })).status).toBe(401);
    expect((await call('GET', '/api/me', undefined, refreshed.json<Tokens>().access)).status).toBe(401);

    const forged = `${refreshed.json<Tokens>().access.slice(0, -6)}AAAAAA`;
    remember('forged access token', forged);
    expect((await call('GET', '/api/me', undefined, forged)).status).toBe(401);

    const before = await lastMailTo(payload.email);
    expect((await call('POST', '/api/auth/request-reset/', { email: payload.email })).status).toBe(200);
    let resetMail = await lastMailTo(payload.email);
    for (let attempt = 0; resetMail.text === before.text && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      resetMail = await lastMailTo(payload.email);
    }
    const resetToken = resetTokenFrom(resetMail.text);
    remember('reset token', resetToken);
    // The member follows the e-mailed link: the page's address carries the token.
    await fetch(`${server.url}/reset-confirm?token=${resetToken}`, { headers: { accept: 'text/html' } });
    const newPassword = `${STRONG_PASSWORD} renewed`;
    remember('new password', newPassword);
    const confirmed = await call('POST', '/api/auth/reset-confirm/', {
      token: resetToken,
      new_password: newPassword,
    });
    expect(confirmed.status).toBe(200);

    const again = await call('POST', '/api/login/', { email: payload.email, password: newPassword });
    expect(again.status).toBe(200);
    const session = again.json<Tokens>();
    remember('access token after reset', session.access);
    remember('refresh token after reset', session.refresh);

    const chat = await openSocket(session.access);
    chat.socket.send(JSON.stringify({ action: 'heartbeat' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    chat.socket.close();
    await chat.closed;
    // A socket with a token the server refuses is logged too.
    const refused = await openSocket(forged);
    expect(await refused.closed).toBe(4401);

    expect((await call('POST', '/api/logout/', { refresh: session.refresh }, session.access)).status).toBe(
      204,
    );

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    const log = server.output();

    // The log did record the session, so an empty log cannot pass for a clean one.
    expect(log).toContain('"url":"/ws/chat/?token=');
    expect(log).toContain('"url":"/reset-confirm?token=');
    expect(log).toContain('/api/auth/reset-confirm/');
    expect(log).toContain('e-mail written to a file');
    const leaked = [...secrets].flatMap(([label, secret]) => {
      // The code is six digits: matched alone, not inside a timestamp or a duration.
      const whole =
        label === 'activation code'
          ? new RegExp(`(?<![\\d.])${secret}(?![\\d.])`).test(log)
          : log.includes(secret);
      // Half a token is still too much: the end of a JWT is its signature.
      const tail = secret.length > 20 && log.includes(secret.slice(-16));
      return whole || tail ? [label] : [];
    });
    expect(leaked).toEqual([]);
  });
});
