// Run by `npm run test:e2e` before the browser tests: makes sure the Chromium they drive is there.
// CHROMIUM_PATH, when set, must name an existing browser (nothing is installed for it). Otherwise
// /usr/bin/chromium is used; when it is missing and this runs as root with apt-get (Debian), the
// `chromium` package is installed; anywhere else the message says what to install.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

const DEFAULT_PATH = '/usr/bin/chromium';
// The fonts give every language's text real glyphs, so screenshots and layout are the same everywhere.
const APT_PACKAGES = ['chromium', 'fonts-dejavu-core'];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Browsers installed elsewhere, offered as a CHROMIUM_PATH in the failure message. */
function otherBrowsers() {
  const names = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
  const directories = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const found = directories.flatMap((directory) => names.map((name) => path.join(directory, name)));
  found.push(
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  );
  return [...new Set(found)].filter((file) => file !== DEFAULT_PATH && executable(file));
}

function fail(lines) {
  console.error(['', 'The browser tests cannot run:', ...lines.map((line) => `  ${line}`), ''].join('\n'));
  process.exit(1);
}

function installWithApt() {
  console.log(`Chromium is missing at ${DEFAULT_PATH}: installing ${APT_PACKAGES.join(' ')} with apt-get…`);
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: environment }).status === 0;
  return run(['update', '-qq']) && run(['install', '-y', '-qq', ...APT_PACKAGES]);
}

const chosen = process.env.CHROMIUM_PATH;
if (chosen) {
  if (!executable(chosen))
    fail([
      `CHROMIUM_PATH is ${chosen}, which is not an executable file.`,
      "Point it to a Chromium or Google Chrome binary, or unset it to use Debian's Chromium at /usr/bin/chromium.",
    ]);
} else if (!executable(DEFAULT_PATH)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  const installed = isRoot && hasApt && installWithApt() && executable(DEFAULT_PATH);
  if (!installed) {
    const others = otherBrowsers();
    fail([
      `They drive Chromium at ${DEFAULT_PATH}, which is missing${isRoot && hasApt ? ' and apt-get could not install it' : ''}.`,
      hasApt
        ? `Install it: sudo apt-get install -y ${APT_PACKAGES.join(' ')}`
        : "Install Chromium (or Google Chrome) with your system's package manager.",
      ...(others.length
        ? [`Or use a browser already installed: CHROMIUM_PATH=${JSON.stringify(others[0])} npm test`]
        : ['Or point CHROMIUM_PATH to a Chromium or Google Chrome binary.']),
    ]);
  }
}
console.log(`Browser tests use ${chosen ?? DEFAULT_PATH}`);
