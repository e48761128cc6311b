import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { RETENTION_DAYS, formatRetentionPeriod, type RetainedKind } from '@juntos/domain';
import { LOCALES_DIR } from '@juntos/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext, watchConsole } from '../support/browser';
import { createMember, openAs } from '../support/members';
import { expectOnlyTranslatedText } from '../support/translated-text';

const locales = LOCALES_DIR;

/**
 * Whether an element (the focused one without a selector) is entirely under the top bar where the
 * bar stays in view. The skip link is drawn over the bar when focused, so it never is.
 */
const underTopBar = (page: Page, selector: string | null) =>
  page.evaluate((selector) => {
    const bar = document.querySelector('.top-bar')!;
    const element = selector ? document.querySelector(selector)! : document.activeElement!;
    if (getComputedStyle(bar).position !== 'sticky' || bar.contains(element)) return false;
    if (element.matches('.skip-link')) return false;
    return element.getBoundingClientRect().bottom <= bar.getBoundingClientRect().bottom + 0.5;
  }, selector);

describe('legal pages /politica/* (spec §2)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  for (const [document, language] of [
    ['privacy', 'en'],
    ['cookies', 'fr'],
    ['terms', 'de'],
    ['legal', 'el'],
  ] as const) {
    it(`${document} in ${language}: title, last update and every section`, async () => {
      const source = JSON.parse(readFileSync(path.join(locales, language, `${document}.json`), 'utf8')) as {
        title: string;
        sections: { title: string }[];
      };
      const context = await newContext(browser, { locale: language, consent: { advertising: false } });
      const page = await context.newPage();
      await page.goto(`/politica/${document}`);
      await page.getByRole('heading', { level: 1, name: source.title }).waitFor();
      const sectionHeadings = page.locator('article section h2');
      expect(await sectionHeadings.count()).toBe(source.sections.length);
      expect(await sectionHeadings.first().textContent()).toBe(source.sections[0]?.title);
      expect(await page.locator('body').textContent()).not.toMatch(/\{\{\w+\}\}/);
      const served = await (await page.request.get(`/locales/${language}/${document}.json`)).json();
      await expectOnlyTranslatedText(page, language, [served]);
      await expectNoAxeViolations(page, `/politica/${document}`);
      await context.close();
    });
  }

  it('the privacy policy states every retention period of RETENTION_DAYS, in the reader’s language', async () => {
    const context = await newContext(browser, { locale: 'es', consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/politica/privacy#retention');
    const retention = page.locator('section#retention');
    await retention.getByRole('heading', { level: 2, name: 'Cuánto tiempo conservamos sus datos' }).waitFor();
    const text = await retention.textContent();
    for (const kind of Object.keys(RETENTION_DAYS) as RetainedKind[]) {
      expect(text, kind).toContain(formatRetentionPeriod(kind, 'es'));
    }
    const deletion = await page.locator('section#deletion').textContent();
    for (const kind of ['consentProof', 'withdrawalRecord', 'auditEntry'] as const) {
      expect(deletion, kind).toContain(formatRetentionPeriod(kind, 'es'));
    }
    await expectNoAxeViolations(page, '/politica/privacy#retention (es)');
    await context.close();
  });

  it('nothing the keyboard or a contents link brings into view is hidden under the top bar (WCAG 2.4.11)', async () => {
    const viewport = { width: 1280, height: 800 };
    const visitor = await newContext(browser, {
      consent: { advertising: false },
      viewport,
      reducedMotion: 'reduce',
    });
    const member = await createMember('legal-focus');
    const signedIn = await openAs(browser, member, '/', { viewport, reducedMotion: 'reduce' });
    // A short page (one screen and a little) and a long one, read backwards from the footer, by a
    // visitor and by a member, whose frame arrives after its lazy parts.
    for (const [page, path] of [
      [await visitor.newPage(), '/this/does/not/exist'],
      [await visitor.newPage(), '/politica/privacy'],
      [signedIn.page, '/this/does/not/exist'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.locator('footer a').last().focus();
      for (let step = 1; step <= 40; step += 1) {
        await page.keyboard.press('Shift+Tab');
        expect(await underTopBar(page, null), `${path}, ${step} steps back from the footer`).toBe(false);
      }
    }
    const page = visitor.pages()[1]!;
    const contents = page.getByRole('navigation', { name: 'Contents' });
    const third = contents.getByRole('link').nth(2);
    const target = (await third.getAttribute('href'))!;
    await third.click();
    await page.waitForFunction((hash) => window.location.hash === hash, target);
    expect(await underTopBar(page, `${target}-title`)).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await visitor.close();
    await signedIn.context.close();
  });

  it('says so, and logs, when a document cannot be loaded', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    const consoleMessages = watchConsole(page);
    await page.route('**/locales/en/terms.json', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/politica/terms');
    await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).waitFor();
    expect(consoleMessages.some((m) => m.type === 'error' && m.text.includes('Legal document'))).toBe(true);
    await expectNoAxeViolations(page, 'legal page error');
    await context.close();
  });
});
