import type { BrowserContext, Page } from 'playwright-core';

declare global {
  interface Window {
    /** Set by `trackLiveConnection`: whether the page's live connection is open right now. */
    liveConnectionOpen?: boolean;
  }
}

/**
 * Notes, for every page of the context from its next load on, whether its WebSocket is open. A
 * chat message written before the live connection opens stays on the device only (spec §8), and
 * the screen shows no sign of the connection; a journey that sends one right after the page
 * loads waits for it with `untilLive`, as a member on a slow line would wait for "Sent".
 */
export function trackLiveConnection(context: BrowserContext) {
  return context.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener('open', () => (window.liveConnectionOpen = true));
        this.addEventListener('close', () => (window.liveConnectionOpen = false));
      }
    };
  });
}

/** Resolves once the page's live connection is open (see `trackLiveConnection`). */
export async function untilLive(page: Page) {
  await page.waitForFunction(() => window.liveConnectionOpen === true, undefined, { timeout: 60_000 });
}
