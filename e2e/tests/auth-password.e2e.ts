import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActiveAccount,
  openSession,
  refreshStatus,
  signIn,
  storedTokens,
  tabTo,
} from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';
import { resetLinkFrom, waitForEmail } from '../support/mail';

async function expectLoginRefused(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'not correct' }).waitFor();
}

describe('forgotten and changed passwords (spec §2, §4, §7, §8)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('forgotten password: the link from the e-mail sets a new password, which then signs in', async () => {
    const account = await createActiveAccount('forgot');
    const newPassword = 'Juntos-e2e-Meadow-Reset-7';
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await expectNoAxeViolations(page, '/reset-password');

    const email = page.getByLabel('E-mail address');
    await tabTo(page, email);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(account.email);
    const since = Date.now();
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/auth/request-reset/')),
      page.keyboard.press('Enter'),
    ]);
    const detail = ((await answer.json()) as { detail: string }).detail;
    const status = page.getByRole('status').filter({ hasText: detail });
    await status.waitFor();
    await expectNoAxeViolations(page, '/reset-password after the request');

    // An unknown address gets exactly the same answer.
    await email.fill(`nobody-${Date.now()}@example.org`);
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await page.getByRole('status').filter({ hasText: detail }).waitFor();

    const link = new URL(resetLinkFrom(await waitForEmail(account.email, since)));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByText('At least 8 characters. Do not use a common password').waitFor();
    await expectNoAxeViolations(page, '/reset-confirm');
    const field = page.getByLabel('New password');
    expect(await field.getAttribute('autocomplete')).toBe('new-password');
    await field.fill('short');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('The password is too short').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill(newPassword);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();
    await page.waitForURL('**/login');

    await expectLoginRefused(page, account.email, account.password);
    await signIn(page, account.email, newPassword);
    // The reset ended the sessions that existed before it.
    expect(await refreshStatus(account.refresh)).toBe(401);

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password').fill('Juntos-e2e-Another-One-9');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('alert').filter({ hasText: '❌ This link is not valid any more.' }).waitFor();
    await context.close();
  });

  it('change password: the other devices are signed out, this one stays; the old password is refused and the new one works', async () => {
    const account = await createActiveAccount('change');
    const otherDevice = await openSession(account.email, account.password);
    const newPassword = 'Juntos-e2e-Harbour-Changed-3';
    const context = await newContext(browser, {
      consent: { advertising: false },
      localStorage: { access: account.access, refresh: account.refresh },
    });
    const page = await context.newPage();
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Change my password' }).click();
    await page.waitForURL('**/change-password');
    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password');
    const submit = page.getByRole('button', { name: 'Change my password' });
    await current.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    // Removing the passkeys is offered, and chosen unless the member unticks it.
    expect(await page.getByLabel('Also remove my passkeys').isChecked()).toBe(true);
    await expectNoAxeViolations(page, '/change-password');

    await current.fill('not-my-password');
    expect(await submit.isDisabled()).toBe(true);
    await next.fill(newPassword);
    await submit.click();
    await page.getByRole('alert').filter({ hasText: '❌ Your current password is not correct.' }).waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, '/change-password with the server answer');

    await tabTo(page, current);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(account.password);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: 'Your password has been changed. Your other devices have been signed out.' })
      .waitFor();
    await page.waitForURL('**/info');
    // This browser is still signed in; the other device's session is over.
    expect((await storedTokens(page)).refresh).not.toBeNull();
    expect(await refreshStatus(otherDevice.refresh)).toBe(401);

    await page.goto('/logout');
    await page.waitForURL('**/login');
    await expectLoginRefused(page, account.email, account.password);
    await signIn(page, account.email, newPassword);
    await context.close();
  });
});
