import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.2 AA, with the target-size rule that axe leaves off by default. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Resolves once no animation is running (or after three seconds, whichever comes first). */
async function animationsSettled(page: Page) {
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running'),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
}

async function violationsOn(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  }));
}

/** Every e2e test calls this on every page (and every page state) it visits. */
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
}
