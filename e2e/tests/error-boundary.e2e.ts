import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, watchConsole } from '../support/browser';
import { createMember, openAs } from '../support/members';

/**
 * A screen that throws while rendering. No test-only code in the product: the friends list is
 * answered with an object instead of an array, so the page's `.map` throws during render, as a
 * server bug or a half-deployed API would make it.
 */
const MALFORMED_FRIENDS = { friends: 'not a list' };

/** The friends list answers an object instead of a list, so its screen throws while rendering. */
const answerFriendsMalformed = (page: Page) =>
  page.route('**/api/amigos/', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(MALFORMED_FRIENDS) }),
  );

describe('error page (issue 17: an errorElement per route)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a screen that throws shows the translated error page inside the frame, with a way back by keyboard', async () => {
    const member = await createMember('broken');
    const { context, page } = await openAs(browser, member, '/feed');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const consoleMessages = watchConsole(page);
    await answerFriendsMalformed(page);

    await page.goto('/buscar/amigos');
    const heading = page.getByRole('heading', { level: 1, name: 'Something went wrong' });
    await heading.waitFor();
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'This page stopped working' }).waitFor();
    // The site frame stays: the member can still use the main navigation.
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await page.title()).toContain('Something went wrong');
    expect(consoleMessages.some((message) => message.type === 'error')).toBe(true);
    await expectNoAxeViolations(page, 'error page');

    const back = page.getByRole('main').getByRole('link', { name: 'Back to the feed' });
    await tabTo(page, back);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/feed');
    await page
      .getByRole('heading', { level: 1, name: 'Something went wrong' })
      .waitFor({ state: 'detached' });
    await context.close();
  });

  it('speaks the member’s language', async () => {
    const member = await createMember('roto');
    const { context, page } = await openAs(browser, member, '/feed', { localStorage: { i18nextLng: 'es' } });
    await answerFriendsMalformed(page);
    await page.goto('/buscar/amigos');
    await page.getByRole('heading', { level: 1, name: 'Algo ha fallado' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Volver a Novedades' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Reintentar' }).waitFor();
    await context.close();
  });
});
