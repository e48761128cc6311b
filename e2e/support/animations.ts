import type { Page } from 'playwright-core';

/**
 * Resolves once no animation or transition is running (or after three seconds, whichever comes
 * first): what is measured is the page at rest, as a reader sees it, not a frame in between.
 */
export async function animationsSettled(page: Page) {
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running'),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
}
