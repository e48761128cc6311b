import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.2 AA, with the target-size rule that axe leaves off by default. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Every e2e test calls this on every page (and every page state) it visits. */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  // A toast fading in is half-transparent: its colours are judged once it has settled, as a
  // reader sees it (on a busy machine axe could otherwise catch it mid-animation).
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running'),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  }));
  expect(violations, `axe violations on ${label}`).toEqual([]);
}
