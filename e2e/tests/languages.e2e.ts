import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { LOCALES_DIR } from '@juntos/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';
import { expectOnlyTranslatedText } from '../support/translated-text';

const locales = LOCALES_DIR;
const translations = (language: string) =>
  JSON.parse(readFileSync(path.join(locales, language, 'translation.json'), 'utf8')) as {
    landing: { subtitle: string; sections: Record<string, { title: string }> };
    cookie: { title: string };
  };

describe('languages (spec §4 "Language", §7 Static)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('uses the primary code of the browser language when nothing is stored, and caches it', async () => {
    const context = await newContext(browser, { locale: 'el-GR', consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText(translations('el').landing.subtitle).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('el');
    expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('el');
    await expectOnlyTranslatedText(page, 'el');
    await expectNoAxeViolations(page, 'landing in Greek');
    await context.close();
  });

  it('switches en → es → el from the language menu, and the choice survives a reload', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('dialog', { name: 'Cookies and your privacy' }).waitFor();
    await page.getByRole('button', { name: 'Save my choice' }).click();
    await page.getByLabel('Language').selectOption('es');
    await page.getByText(translations('es').landing.subtitle).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expectOnlyTranslatedText(page, 'es');
    await expectNoAxeViolations(page, 'landing in Spanish');

    await page.getByLabel(/Idioma/).selectOption('el');
    await page
      .getByText(translations('el').landing.sections.protection?.title ?? '', { exact: true })
      .first()
      .waitFor();
    await page.reload();
    await page.getByText(translations('el').landing.subtitle).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('el');
    await context.close();
  });

  it('retries a failed translation load (from 350 ms, doubling) until it arrives', async () => {
    const context = await newContext(browser, { locale: 'es-ES', consent: { advertising: false } });
    const page = await context.newPage();
    const attempts: number[] = [];
    await page.route('**/locales/es/translation.json', async (route) => {
      attempts.push(Date.now());
      if (attempts.length <= 2) await route.fulfill({ status: 503, body: 'unavailable' });
      else await route.continue();
    });
    await page.goto('/');
    await page.getByText(translations('es').landing.subtitle).waitFor();
    expect(attempts).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = attempts;
    expect(second - first).toBeGreaterThanOrEqual(300);
    expect(third - second).toBeGreaterThanOrEqual(600);
    await context.close();
  });
});
