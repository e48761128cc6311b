import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';
import { expectOnlyTranslatedText } from '../support/translated-text';

const SECTIONS = ['about', 'goal', 'philosophy', 'monetization', 'how', 'protection'];

async function isInViewport(page: Page, selector: string) {
  return page.$eval(selector, (element) => {
    const box = element.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0 && box.top >= -2;
  });
}

describe('landing page (spec §1-2)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('shows title, subtitle, six section cards with images and alt texts, external links, and only translated text', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Juntos' }).waitFor();
    expect(await page.title()).toContain('Juntos');
    const cards = page.getByRole('navigation', { name: 'Sections of this page' }).getByRole('link');
    expect(await cards.count()).toBe(6);
    for (const section of SECTIONS) {
      const image = page.locator(`#section-${section} img`);
      expect(await image.getAttribute('src')).toBe(`/img/${section}.png`);
      expect((await image.getAttribute('alt'))?.length).toBeGreaterThan(20);
    }
    const orphanet = page.getByRole('link', { name: /Orphanet/ });
    expect(await orphanet.getAttribute('href')).toBe('https://www.orpha.net/');
    expect(await orphanet.getAttribute('target')).toBe('_blank');
    expect(await orphanet.textContent()).toContain('(opens in a new tab)');
    for (const document of ['terms', 'privacy', 'cookies', 'legal']) {
      expect(await page.locator(`footer a[href="/politica/${document}"]`).count()).toBe(1);
    }
    await expectOnlyTranslatedText(page, 'en');
    await expectNoAxeViolations(page, 'landing');
    await context.close();
  });

  it('a section card scrolls smoothly to its section and moves focus there', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe(
      'smooth',
    );
    await page.getByRole('link', { name: 'Your data is protected' }).click();
    await page.waitForFunction(() => {
      const box = document.getElementById('section-protection')!.getBoundingClientRect();
      return box.top >= -2 && box.top < window.innerHeight / 2;
    });
    expect(await isInViewport(page, '#section-protection')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('section-protection');
    await context.close();
  });

  it('with reduced motion the page jumps instead of scrolling smoothly', async () => {
    const context = await newContext(browser, { consent: { advertising: false }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
    await page.getByRole('link', { name: 'How it works' }).click();
    expect(await isInViewport(page, '#section-how')).toBe(true);
    await context.close();
  });

  it('the scroll-to-top button appears after 300 px and brings the reader back to the top', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const button = page.getByRole('button', { name: 'Back to top' });
    await page.evaluate(() => window.scrollTo({ top: 250, behavior: 'instant' }));
    await page.waitForTimeout(200);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    await button.waitFor();
    await expectNoAxeViolations(page, 'landing scrolled');
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'detached' });
    await context.close();
  });

  it('the enter button leads to /login once consent exists; keyboard alone reaches it', async () => {
    const context = await newContext(browser, { consent: { advertising: true } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const focusedNames: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      focusedNames.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
      if (focusedNames.at(-1) === 'Enter') break;
    }
    expect(focusedNames).toContain('Enter');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await context.close();
  });
});

describe('landing page weight', () => {
  it('loads less than 170 KB of compressed JavaScript before any interaction', async () => {
    const browser = await launchBrowser();
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize),
      );
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const total = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    console.log(`landing page JavaScript over the wire: ${(total / 1024).toFixed(1)} KB`);
    expect(total).toBeGreaterThan(10_000);
    expect(total).toBeLessThan(170 * 1024);
    await browser.close();
  });
});
