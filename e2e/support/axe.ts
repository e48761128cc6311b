import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsSettled } from './animations';

/** axe-core's browser build, read once per test file. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 AA, with the target-size rule that axe leaves off by default; only violations come back. */
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  rules: { 'target-size': { enabled: true } },
  resultTypes: ['violations'],
};

/**
 * axe-core run in the page itself, injected once per document (a page the app navigates within
 * keeps it). @axe-core/playwright's builder injected it again on every check and finished each
 * run in a new blank page, which cost three to nine seconds a check; the app has no frames, so
 * one run over the document sees all of it (decision 0042).
 */
async function violationsOn(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (o: RunOptions) => Promise<AxeResults> } }).axe.run(options),
    RUN_OPTIONS,
  );
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  }));
}

/**
 * Every e2e test calls this on every page (and every page state) it visits: no axe violation, and
 * nothing the page's Content Security Policy refused (support/browser.ts records them).
 */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  // A toast fading in is half-transparent: its colours are judged once it has settled, as a
  // reader sees it. A toast that mounts just after the wait (it is measured for a frame before
  // its animation starts) can still be caught mid-fade on a busy machine, so a finding is
  // checked once more after the page settles: a real violation is still there the second time.
  await animationsSettled(page);
  let violations = await violationsOn(page);
  if (violations.length > 0) {
    await page.waitForTimeout(500);
    await animationsSettled(page);
    violations = await violationsOn(page);
  }
  expect(violations, `axe violations on ${label}`).toEqual([]);
  const refused = await page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  );
  expect(refused, `Content Security Policy violations on ${label}`).toEqual([]);
}
