import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { createMember, openAs } from '../support/members';

/** Opens the compact frame's Menu by keyboard and waits for every destination and the display settings. */
async function openMenu(page: Page, nav: Locator) {
  const menu = nav.getByRole('button', { name: 'Menu' });
  await tabTo(page, menu);
  await page.keyboard.press('Enter');
  await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
  for (const destination of ['Feed', 'Communities', 'Chat', 'Gallery', 'Profile'])
    await nav.getByRole('link', { name: destination, exact: true }).waitFor();
  await nav.getByRole('button', { name: 'Display settings' }).waitFor();
  return menu;
}

/**
 * Issue 23: on a phone with text at 200 % the top bar keeps the brand and the bell, and one
 * "Menu" disclosure under it holds every destination, the search, the language and the display
 * settings — operated with the keyboard alone.
 */
describe('the compact frame of a phone with large text (issue 23)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('folds the navigation and the top bar controls into a Menu disclosure that works by keyboard', async () => {
    const member = await createMember('compact-frame');
    const { context, page } = await openAs(browser, member, '/feed', {
      viewport: { width: 320, height: 640 },
      localStorage: { display_preferences: JSON.stringify({ textSize: 200 }) },
    });
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Notifications' }).waitFor();
    expect(await header.getByRole('search').count()).toBe(0);
    expect(await header.getByLabel('Language').count()).toBe(0);

    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const menu = await openMenu(page, nav);
    await expectNoAxeViolations(page, '/feed at 320 px, text 200 %, menu open');

    // The search inside the menu leads to the results, and the menu closes with the page change.
    const search = nav.getByRole('searchbox', { name: 'Search posts' });
    await tabTo(page, search);
    await page.keyboard.type('walk');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'walk');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');

    // Escape closes it and gives the focus back to its button.
    await tabTo(page, menu);
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Gallery', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it("on a phone at ordinary size, a member's language and display settings are in More, and on /chat in its Menu", async () => {
    const member = await createMember('phone-frame');
    const { context, page } = await openAs(browser, member, '/feed', {
      viewport: { width: 375, height: 740 },
    });
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    const header = page.getByRole('banner');
    await header.getByRole('search').waitFor();
    expect(await header.getByLabel('Language').count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const more = nav.getByRole('button', { name: 'More' });
    await tabTo(page, more);
    await page.keyboard.press('Enter');
    await nav.getByLabel('Language').waitFor();
    await nav.getByRole('button', { name: 'Display settings' }).waitFor();
    await expectNoAxeViolations(page, '/feed at 375 px, More open');
    // /chat has no bottom bar on a phone (spec §2): the compact frame's Menu holds every
    // destination, the search and the settings, so the conversation keeps the height.
    await page.goto('/chat');
    await page
      .getByRole('dialog', { name: 'Before you start chatting' })
      .getByRole('button', { name: 'I understand' })
      .click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await header.getByRole('link', { name: 'Notifications' }).waitFor();
    expect(await header.getByLabel('Language').count()).toBe(0);
    expect(await header.getByRole('search').count()).toBe(0);
    const menu = await openMenu(page, nav);
    await nav.getByLabel('Language').waitFor();
    await expectNoAxeViolations(page, '/chat at 375 px, Menu open');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    // The friends list starts in the top third of the screen, not under the settings.
    const friends = page.getByRole('heading', { name: 'Your friends' });
    expect((await friends.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(740 / 3);
    await context.close();
  });
});
