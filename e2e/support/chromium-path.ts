/**
 * The browser the tests drive: `scripts/ensure-browser.mjs` checked it (and installed Debian's
 * Chromium with apt when it could). Its own module because the global setup may not import vitest,
 * which browser.ts does.
 */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
