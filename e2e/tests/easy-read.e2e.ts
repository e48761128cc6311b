import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@juntos/locales';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';
import { createMember, createFriends, openAs, publishPost } from '../support/members';

const ACKNOWLEDGED = { chat_modal_ack: '1' };

/**
 * The pictogram a button or link shows before its words (components/ui/pictogram.tsx, chosen by
 * its `pictogram` prop): the picture drawn when it is shown, 'hidden' when it takes no room,
 * 'missing' when there is no pictogram element, and whether screen readers skip it.
 */
const pictogram = (target: Locator) =>
  target.evaluate((element) => {
    const picture = element.querySelector(':scope > .pictogram, :scope > * > .pictogram');
    if (!picture) return { shown: 'missing', hiddenFromScreenReaders: false };
    const style = getComputedStyle(picture);
    return {
      shown: style.display === 'none' ? 'hidden' : style.maskImage,
      hiddenFromScreenReaders: picture.getAttribute('aria-hidden') === 'true',
    };
  });

const readingMode = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-reading'));

/** Buttons and links drawn as buttons in the main area that are smaller than 44 × 44 px. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main .button, main button, .member-nav__link')]
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 43.5 || box.height < 43.5)
      .map(({ element }) => element.textContent?.trim() ?? element.outerHTML.slice(0, 80)),
  );

async function openSettings(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  return page.getByRole('dialog', { name });
}

const easyText = (language: string, key: string): string | undefined => {
  const file = path.join(LOCALES_DIR, language, 'easy.json');
  if (!existsSync(file)) return undefined;
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
};
const ordinaryText = (language: string, key: string): string => {
  let node: unknown = JSON.parse(readFileSync(path.join(LOCALES_DIR, language, 'translation.json'), 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
};

describe('easy-read mode (issue 21)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('switched on in the display settings, the feed and chat show plain texts, pictograms and large targets at once and after a reload; axe passes in every theme', async () => {
    const {
      stamp,
      members: [ana, bruno],
    } = await createFriends('easy', 'Ana', 'Bruno');
    await publishPost(bruno, { text: `Hello from Bruno ${stamp}` });

    const { context, page } = await openAs(browser, ana, '/feed', { localStorage: ACKNOWLEDGED });
    const easyFiles: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/easy.json')) easyFiles.push(new URL(request.url()).pathname);
    });
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    expect(await readingMode(page)).toBe('standard');
    expect(easyFiles, 'the easy texts are fetched only in easy-read mode').toEqual([]);
    // The pictograms are there, but hidden outside easy-read mode and never read out.
    expect(await pictogram(page.getByRole('link', { name: 'Write a post', exact: true }))).toEqual({
      shown: 'hidden',
      hiddenFromScreenReaders: true,
    });

    // Keyboard: the switch is reached and turned on like the other display settings.
    let dialog = await openSettings(page, 'Display settings');
    // Found in whichever dialog is open: the dialog takes its easy name ("How the page looks") as
    // soon as the easy texts arrive, which can be before the switch's state is read.
    const easySwitch = page.getByRole('dialog').getByRole('switch', { name: 'Easy read' });
    await easySwitch.focus();
    await page.keyboard.press('Space');
    expect(await easySwitch.getAttribute('aria-checked')).toBe('true');
    // At once, without a reload: the dialog itself speaks plainly.
    await page.getByRole('dialog', { name: 'How the page looks' }).waitFor();
    expect(await readingMode(page)).toBe('easy');
    expect(easyFiles).toContain('/locales/en/easy.json');
    await expectNoAxeViolations(page, 'display settings in easy-read mode');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const checkFeed = async (label: string) => {
      await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
      // The name stays the words alone: the pictogram beside them is not read.
      const write = page.getByRole('link', { name: 'Write a post', exact: true });
      expect(await pictogram(write)).toEqual({
        shown: expect.stringContaining('svg'),
        hiddenFromScreenReaders: true,
      });
      expect(await pictogram(page.getByRole('button', { name: 'Find', exact: true }))).toEqual({
        shown: expect.stringContaining('svg'),
        hiddenFromScreenReaders: true,
      });
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await nav.getByRole('link', { name: 'Messages' }).waitFor();
      expect(await nav.getByRole('link').first().locator('svg').count()).toBe(1);
      const post = page.getByRole('article').filter({ hasText: `Hello from Bruno ${stamp}` });
      await post.getByRole('button', { name: /I like this/ }).waitFor();
      await post.getByRole('button', { name: /Answers/ }).waitFor();
      expect(await smallTargets(page), `${label}: targets under 44 px`).toEqual([]);
      await expectNoAxeViolations(page, label);
    };
    await checkFeed('feed in easy-read mode');

    // A toast that carries information stays until the member closes it (WCAG 2.2.1).
    const post = page.getByRole('article').filter({ hasText: `Hello from Bruno ${stamp}` });
    await post.getByRole('button', { name: /Tell us about a problem/ }).click();
    const report = page.getByRole('dialog', { name: 'Tell us about a bad post' });
    await report.getByRole('button', { name: 'Send' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Thank you. We got your message.' });
    await toast.waitFor();
    await page.waitForTimeout(4_500);
    expect(await toast.isVisible(), 'the toast is still there after its usual 2 s').toBe(true);
    await page.getByRole('button', { name: 'Close this message' }).click();
    await toast.waitFor({ state: 'hidden' });

    await page.reload();
    expect(await readingMode(page)).toBe('easy');
    await checkFeed('feed in easy-read mode after a reload');

    await page.goto(`/chat?amigo=${bruno.id}`);
    const checkChat = async (label: string) => {
      await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
      await page.getByText('There are no messages yet. Say hello!').waitFor();
      const composer = page.getByLabel(`Write a message to Bruno${stamp}`);
      await composer.fill('Hello');
      const send = page.getByRole('button', { name: 'Send', exact: true });
      expect(await pictogram(send)).toEqual({
        shown: expect.stringContaining('svg'),
        hiddenFromScreenReaders: true,
      });
      expect(await smallTargets(page), `${label}: targets under 44 px`).toEqual([]);
      await expectNoAxeViolations(page, label);
      await composer.fill('');
    };
    await checkChat('chat in easy-read mode, light theme');
    await page.reload();
    await checkChat('chat in easy-read mode after a reload');

    dialog = await openSettings(page, 'How the page looks');
    await dialog.getByRole('switch', { name: 'Dark page' }).click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await checkChat('chat in easy-read mode, dark theme');
    await page.goto('/feed');
    await checkFeed('feed in easy-read mode, dark theme');

    dialog = await openSettings(page, 'How the page looks');
    await dialog.getByRole('switch', { name: 'Strong colours' }).click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await checkFeed('feed in easy-read mode, high contrast');
    await page.goto(`/chat?amigo=${bruno.id}`);
    await checkChat('chat in easy-read mode, high contrast');

    // Off again, at once: the ordinary texts come back.
    dialog = await openSettings(page, 'How the page looks');
    await dialog.getByRole('switch', { name: 'Easy read' }).click();
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    expect(await readingMode(page)).toBe('standard');
    await context.close();
  });

  it('in a language without an easy text for a key, the ordinary text of that language shows, never another language', async () => {
    const member = await createMember('easy-fr');
    const { context, page } = await openAs(browser, member, '/feed', {
      localStorage: { i18nextLng: 'fr', display_preferences: JSON.stringify({ easyRead: true }) },
    });
    // Every shipped key has its easy text (issue 34), so the French file is served without one.
    await page.route('**/locales/fr/easy.json', async (route) => {
      const texts = JSON.parse(readFileSync(path.join(LOCALES_DIR, 'fr', 'easy.json'), 'utf8')) as {
        feed: Record<string, string>;
      };
      delete texts.feed.title;
      await route.fulfill({ json: texts });
    });
    await page.reload();
    await page
      .getByRole('heading', { level: 1, name: ordinaryText('fr', 'feed.title'), exact: true })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await context.close();
  });

  it('reaches the screens a member meets next: sign-in, the policies with their summary and pictures, the functional profile (issue 34)', async () => {
    const visitor = await newContext(browser, {
      consent: { advertising: false },
      localStorage: { i18nextLng: 'de', display_preferences: JSON.stringify({ easyRead: true }) },
    });
    const page = await visitor.newPage();
    await page.goto('/login');
    await page.getByLabel(easyText('de', 'login.email')!, { exact: true }).waitFor();
    expect(easyText('de', 'login.email')).not.toBe(ordinaryText('de', 'login.email'));
    await expectNoAxeViolations(page, '/login, easy-read, German');

    await page.goto('/politica/privacy');
    const summary = page.getByRole('region', { name: ordinaryText('de', 'legal_summary.heading') });
    await summary.waitFor();
    // Each point is a key idea with its picture, which screen readers skip (the words are the text).
    const pictures = summary.locator('.key-idea img');
    expect(await pictures.count()).toBeGreaterThanOrEqual(5);
    expect(await pictures.first().getAttribute('alt')).toBe('');
    await expect
      .poll(() => pictures.first().evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await summary.getByRole('link', { name: ordinaryText('de', 'legal_summary.full_link') }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#legal-contents');
    await expectNoAxeViolations(page, '/politica/privacy, easy-read summary');
    await visitor.close();

    // In the ordinary mode the policy starts with its full text, no summary, no pictures.
    const ordinary = await newContext(browser, { consent: { advertising: false } });
    const plain = await ordinary.newPage();
    await plain.goto('/politica/privacy');
    await plain.getByRole('navigation', { name: 'Contents' }).waitFor();
    expect(await plain.locator('.legal-summary, .key-idea img').count()).toBe(0);
    await ordinary.close();

    const member = await createMember('easy-functional');
    const { context, page: own } = await openAs(browser, member, '/perfil-funcional', {
      localStorage: { display_preferences: JSON.stringify({ easyRead: true }) },
    });
    const easyName = JSON.parse(
      readFileSync(path.join(LOCALES_DIR, 'en', 'easy_perfil_funcional.json'), 'utf8'),
    ) as { perfiles: { communication: string } };
    await own.getByRole('link', { name: easyName.perfiles.communication }).waitFor();
    await expectNoAxeViolations(own, '/perfil-funcional, easy-read');
    await context.close();
  });
});
