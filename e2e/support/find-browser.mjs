// Which Chromium the browser tests drive. Plain JavaScript so that scripts/ensure-browser.mjs
// (run by node before the tests) and the tests themselves (e2e/support/chromium-path.ts) look in
// the same places, in the same order: one answer for "which browser", never two.
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The flags this network-less machine needs (DESIGN.md "Tests"); the Lighthouse audit uses them too. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium (DESIGN.md), the one `apt-get install chromium` provides. */
export const DEFAULT_BROWSER_PATH = '/usr/bin/chromium';

const NAMES_ON_PATH = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const MAC_APPLICATIONS = [
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser to drive: CHROMIUM_PATH when set (as it is, even if missing: the caller says so);
 * otherwise /usr/bin/chromium; otherwise the first Chromium or Google Chrome found on PATH or
 * among the macOS applications; undefined when there is none. (`places` is for the tests.)
 */
export function findBrowser(
  environment = process.env,
  places = { defaultPath: DEFAULT_BROWSER_PATH, applications: MAC_APPLICATIONS },
) {
  if (environment.CHROMIUM_PATH) return environment.CHROMIUM_PATH;
  if (isExecutable(places.defaultPath)) return places.defaultPath;
  const directories = (environment.PATH ?? '').split(path.delimiter).filter(Boolean);
  const candidates = [
    // Names first, then PATH order: Chromium anywhere on PATH before Google Chrome.
    ...NAMES_ON_PATH.flatMap((name) => directories.map((directory) => path.join(directory, name))),
    ...places.applications,
  ];
  return candidates.find(isExecutable);
}
