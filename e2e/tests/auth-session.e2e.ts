import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveAccount, refreshStatus, storedTokens, tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';
import { adultPayload } from '../../apps/api/src/test-support/payloads';

describe('sign-in, session and sign-out (spec §4 "Session", "Logout", "Login outcomes")', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a wrong password shows the server detail; the right one signs in (keyboard only) and fetches the account', async () => {
    const account = await createActiveAccount('login');
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/login');
    const email = page.getByLabel('E-mail address');
    await tabTo(page, email);
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/login/')),
      page.keyboard.press('Enter'),
    ]);
    expect(answer.status()).toBe(401);
    const detail = ((await answer.json()) as { detail: string }).detail;
    expect(detail).toBeTruthy();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(detail);
    await expectNoAxeViolations(page, '/login with the server detail');

    await page.getByLabel('Password').fill(account.password);
    const [me] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/me')),
      page.getByRole('button', { name: 'Sign in', exact: true }).press('Enter'),
    ]);
    expect(me.status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'You are signed in' }).waitFor();
    await page.waitForURL('**/edit-profile');
    await page.getByRole('heading', { level: 1, name: 'Edit your profile' }).waitFor();
    await context.close();
  });

  it('sign-out revokes the session, clears the tokens and the chat data, and lands on /login', async () => {
    const account = await createActiveAccount('logout');
    const context = await newContext(browser, {
      consent: { advertising: false },
      localStorage: {
        access: account.access,
        refresh: account.refresh,
        chat_messages_12: '[{"id":1,"message":"hola"}]',
        chat_modal_ack: 'true',
      },
    });
    const page = await context.newPage();
    await page.goto('/info');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Juntos' }).waitFor();
    await expectNoAxeViolations(page, '/info');

    await tabTo(page, page.getByRole('link', { name: 'Sign out' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/logout');
    await page.getByRole('status').filter({ hasText: 'Signing you out' }).waitFor();
    await expectNoAxeViolations(page, '/logout');

    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const left = await page.evaluate(() => Object.keys(window.localStorage));
    expect(left).not.toContain('access');
    expect(left).not.toContain('refresh');
    expect(left).not.toContain('chat_modal_ack');
    expect(left.filter((key) => key.startsWith('chat_messages_'))).toEqual([]);
    expect(left).toContain('i18nextLng');
    expect(await refreshStatus(account.refresh)).toBe(401);

    await page.goto('/info');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('a request the sign-out overtakes does not load the page again: /login opens once, in the app', async () => {
    const account = await createActiveAccount('overtaken');
    const context = await newContext(browser, {
      consent: { advertising: false },
      localStorage: { access: account.access, refresh: account.refresh },
    });
    const page = await context.newPage();
    // The bell's count, read as the page opens, is held until the server has revoked the session:
    // its answer is then a refusal, which elsewhere ends a session by loading /login afresh.
    const revoked = page.waitForResponse((response) => response.url().endsWith('/api/logout/'));
    await page.route('**/api/notificaciones/sin-leer/**', async (route) => {
      await revoked;
      await route.continue();
    });
    let documentLoads = 0;
    page.on('load', () => (documentLoads += 1));
    await page.goto('/logout');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(page.url()).toMatch(/\/login$/);
    expect(await refreshStatus(account.refresh)).toBe(401);
    expect(documentLoads).toBe(1);
    await context.close();
  });

  it('an expired access token is renewed with the refresh token without the member noticing', async () => {
    const account = await createActiveAccount('refresh');
    const context = await newContext(browser, {
      consent: { advertising: false },
      localStorage: { access: 'expired.access.token', refresh: account.refresh },
    });
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) calls.push(`${request.method()} ${path}`);
    });
    // The session check at start reads /api/me: refused once, renewed, then answered.
    const accountRead = page.waitForResponse(
      (response) => response.url().endsWith('/api/me') && response.status() === 200,
    );
    await page.goto('/info');
    await accountRead;
    await page.getByRole('heading', { level: 1, name: 'Welcome to Juntos' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/info');
    expect(calls.filter((call) => call === 'POST /api/token/refresh/')).toHaveLength(1);

    const tokens = await storedTokens(page);
    expect(tokens.access).not.toBe('expired.access.token');
    expect(tokens.access).toEqual(expect.any(String));
    expect(tokens.refresh).not.toBe(account.refresh);
    // The renewed pair is a working session.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Juntos' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/info');
    await context.close();
  });

  it('a token the server refuses, with no way to renew it, signs the member out', async () => {
    const context = await newContext(browser, {
      consent: { advertising: false },
      localStorage: { access: 'forged.access.token', refresh: 'forged-refresh-token-value' },
    });
    const page = await context.newPage();
    await page.goto('/info');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
    await context.close();
  });

  it('an account that is not active yet is sent to /activate after sign-in', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    const email = `pending-${Date.now()}@example.org`;
    const registered = await page.request.post('/api/register/', {
      data: adultPayload({ email, password: 'Juntos-e2e-Pending-77' }),
    });
    expect(registered.status()).toBe(201);
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('Juntos-e2e-Pending-77');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'not active yet' }).waitFor();
    await page.waitForURL('**/activate');
    await page.getByText(`We sent a 6-digit code to ${email}.`).waitFor();
    await context.close();
  });
});
