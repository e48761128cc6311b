import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';
import { api, createMember } from '../support/members';

/**
 * A software passkey authenticator in the browser itself (Chrome DevTools Protocol's WebAuthn
 * domain): it holds discoverable credentials and verifies the user, as a phone's fingerprint
 * reader or a computer's screen lock would.
 */
async function addVirtualAuthenticator(cdp: CDPSession) {
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

const signOutHere = (page: Page) =>
  page.evaluate(() => {
    window.localStorage.removeItem('access');
    window.localStorage.removeItem('refresh');
  });

describe('passkeys (issue 21): sign in without a password, by keyboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a member adds a passkey from the profile, signs in with it on /login, and after removing it is told it is unknown', async () => {
    const member = await createMember('passkey');
    const context = await newContext(browser, {
      consent: { advertising: false },
      host: 'localhost',
      localStorage: { access: member.access, refresh: member.refresh },
    });
    const page = await context.newPage();
    await addVirtualAuthenticator(await context.newCDPSession(page));

    await page.goto('/profile');
    const add = page.getByRole('button', { name: 'Add a passkey' });
    await add.waitFor();
    await expectNoAxeViolations(page, 'profile with passkeys');
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.waitFor();
    const password = dialog.getByLabel('Your password');
    await tabTo(page, password);
    await page.keyboard.type('not my password');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Laptop');
    await page.keyboard.press('Enter');
    // A wrong password is told on its field, with how to fix it; nothing was added.
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'add-passkey dialog with an error');
    await password.fill('');
    await tabTo(page, password);
    await page.keyboard.type(member.password);
    await page.keyboard.press('Enter');
    await page.getByText('The passkey “Laptop” was added.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('listitem').filter({ hasText: 'Laptop' }).getByText('not used yet').waitFor();

    await signOutHere(page);
    await page.goto('/login');
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
    await passkeyButton.waitFor();
    await expectNoAxeViolations(page, 'login with the passkey option');
    await tabTo(page, passkeyButton);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/info');
    const used = (await api(member, 'GET', '/passkeys/')) as {
      results: { label: string; last_used_at: string }[];
    };
    expect(used.results).toEqual([
      expect.objectContaining({ label: 'Laptop', last_used_at: expect.any(String) }),
    ]);

    await page.goto('/profile');
    const remove = page.getByRole('button', { name: 'Remove Laptop' });
    await remove.waitFor();
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    await page.getByText('The passkey “Laptop” was removed.').waitFor();
    await page.getByText('You have no passkeys yet.').waitFor();

    // The device still holds the key, but the site no longer knows it.
    await signOutHere(page);
    await page.goto('/login');
    await tabTo(page, page.getByRole('button', { name: 'Sign in with a passkey' }));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'This passkey is not' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectNoAxeViolations(page, 'login after an unknown passkey');
    await context.close();
  });
});
