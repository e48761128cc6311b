import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext, watchConsole } from '../support/browser';

const storedConsent = (page: Page) => page.evaluate(() => window.sessionStorage.getItem('cookieConsent'));

describe('cookie consent dialog (spec §2, §4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('first visit: dialog shown, enter disabled; saving without advertising stores the record and enables enter', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Cookies and your privacy' });
    await dialog.waitFor();
    expect(await page.getByRole('button', { name: 'Enter' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'landing with consent dialog');

    const necessary = dialog.getByRole('switch', { name: 'Necessary' });
    expect(await necessary.getAttribute('aria-checked')).toBe('true');
    await necessary.focus();
    await page.keyboard.press('Space');
    expect(await necessary.getAttribute('aria-checked')).toBe('true');
    expect(await dialog.getByRole('switch', { name: 'Advertising' }).getAttribute('aria-checked')).toBe(
      'false',
    );

    await dialog.getByRole('button', { name: 'Save my choice' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(JSON.parse((await storedConsent(page)) ?? 'null')).toEqual({
      functional: true,
      advertising: false,
    });
    const enter = page.getByRole('link', { name: 'Enter' });
    await enter.click();
    await page.waitForURL('**/login');
    expect(await page.getByLabel('E-mail address').isEnabled()).toBe(true);
    await expectNoAxeViolations(page, '/login with consent');
    await context.close();
  });

  it('the advertising switch toggles with click, Enter and Space, and is saved', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    const advertising = page.getByRole('switch', { name: 'Advertising' });
    await advertising.click();
    expect(await advertising.getAttribute('aria-checked')).toBe('true');
    await advertising.focus();
    await page.keyboard.press('Enter');
    expect(await advertising.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Space');
    expect(await advertising.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(JSON.parse((await storedConsent(page)) ?? 'null')).toEqual({
      functional: true,
      advertising: true,
    });
    await context.close();
  });

  it('a stored consent hides the dialog after a reload; Escape does not dismiss an unanswered dialog', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save my choice' }).click();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Juntos' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Enter' }).isVisible()).toBe(true);
    await context.close();
  });

  it('a malformed record is removed with a warning and the dialog is shown', async () => {
    const context = await newContext(browser);
    await context.addInitScript(() => {
      if (!window.sessionStorage.getItem('__malformed')) {
        window.sessionStorage.setItem('__malformed', '1');
        window.sessionStorage.setItem('cookieConsent', '{not json');
      }
    });
    const page = await context.newPage();
    const consoleMessages = watchConsole(page);
    await page.goto('/');
    await page.getByRole('dialog', { name: 'Cookies and your privacy' }).waitFor();
    expect(await storedConsent(page)).toBeNull();
    expect(consoleMessages.some((m) => m.type === 'warning' && /malformed/i.test(m.text))).toBe(true);
    await context.close();
  });

  it('login inputs stay disabled until consent is given', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('dialog').waitFor();
    expect(await page.getByLabel('E-mail address').isDisabled()).toBe(true);
    expect(await page.getByLabel('Password').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save my choice' }).click();
    expect(await page.getByLabel('E-mail address').isEnabled()).toBe(true);
    expect(await page.getByLabel('Password').isEnabled()).toBe(true);
    await expectNoAxeViolations(page, '/login');
    await context.close();
  });

  it('the policy links open the cookie and privacy policies in a new tab, readable without the dialog', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('dialog')
        .getByRole('link', { name: /cookie policy/ })
        .click(),
    ]);
    await popup.waitForURL('**/politica/cookies');
    await popup.getByRole('heading', { level: 1 }).waitFor();
    expect(await popup.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(popup, '/politica/cookies from the dialog');
    expect(
      await page
        .getByRole('dialog')
        .getByRole('link', { name: /privacy policy/ })
        .getAttribute('target'),
    ).toBe('_blank');
    await context.close();
  });
});
