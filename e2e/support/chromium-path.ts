import { DEFAULT_BROWSER_PATH, findBrowser } from './find-browser.mjs';

let found: string | undefined;

/**
 * The browser the tests drive: `scripts/ensure-browser.mjs` checked it (and installed Debian's
 * Chromium with apt when it could), looking in the same places (find-browser.mjs): CHROMIUM_PATH,
 * /usr/bin/chromium, then a Chromium or Chrome on PATH. Its own module because the global setup
 * may not import vitest, which browser.ts does.
 */
export const chromiumPath = () => (found ??= findBrowser() ?? DEFAULT_BROWSER_PATH);
