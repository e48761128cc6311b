// Run by `npm run test:e2e` before the browser tests: makes sure the Chromium they drive is there.
// CHROMIUM_PATH, when set, must name an existing browser (nothing is installed for it). Otherwise
// /usr/bin/chromium is used, or else a Chromium or Google Chrome found on PATH (the tests find the
// same one: e2e/support/find-browser.mjs). When there is none and this runs as root with apt-get
// (Debian), the `chromium` package is installed; anywhere else the message says what to install.
import { spawnSync } from 'node:child_process';
import { DEFAULT_BROWSER_PATH, findBrowser, isExecutable } from '../e2e/support/find-browser.mjs';

// The fonts give every language's text real glyphs, so screenshots and layout are the same everywhere.
const APT_PACKAGES = ['chromium', 'fonts-dejavu-core'];

function fail(lines) {
  console.error(['', 'The browser tests cannot run:', ...lines.map((line) => `  ${line}`), ''].join('\n'));
  process.exit(1);
}

function installWithApt() {
  console.log(`No Chromium found: installing ${APT_PACKAGES.join(' ')} with apt-get…`);
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: environment }).status === 0;
  return run(['update', '-qq']) && run(['install', '-y', '-qq', ...APT_PACKAGES]);
}

const chosen = process.env.CHROMIUM_PATH;
if (chosen && !isExecutable(chosen))
  fail([
    `CHROMIUM_PATH is ${chosen}, which is not an executable file.`,
    "Point it to a Chromium or Google Chrome binary, or unset it to use Debian's Chromium at /usr/bin/chromium.",
  ]);

let browser = findBrowser();
if (!browser) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt && installWithApt() && isExecutable(DEFAULT_BROWSER_PATH))
    browser = DEFAULT_BROWSER_PATH;
  else
    fail([
      `They drive Chromium at ${DEFAULT_BROWSER_PATH}, which is missing, and no chromium, chromium-browser or google-chrome is on PATH${isRoot && hasApt ? '; apt-get could not install it' : ''}.`,
      hasApt
        ? `Install it: sudo apt-get install -y ${APT_PACKAGES.join(' ')}`
        : "Install Chromium (or Google Chrome) with your system's package manager.",
      'Or point CHROMIUM_PATH to a Chromium or Google Chrome binary.',
    ]);
}
console.log(
  browser === chosen || browser === DEFAULT_BROWSER_PATH
    ? `Browser tests use ${browser}`
    : `Browser tests use ${browser} (found on PATH, as ${DEFAULT_BROWSER_PATH} is missing; CHROMIUM_PATH chooses another)`,
);
