import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { RETENTION_DAYS, formatRetentionPeriod, type RetainedKind } from '@juntos/domain';
import { LOCALES_DIR } from '@juntos/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext, watchConsole } from '../support/browser';
import { expectOnlyTranslatedText } from '../support/translated-text';

const locales = LOCALES_DIR;

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
