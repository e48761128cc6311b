import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../apps/api/src/test-support/server-process';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

/** Width and height from a PNG's header (IHDR), or undefined when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.subarray(1, 4).toString('latin1') !== 'PNG') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

type Manifest = {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  lang?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** A visitor's page at `/` (consent given) with the service worker allowed, once drawn. */
async function openWithWorker(
  browser: Browser,
  origin = '',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { consent: { advertising: false }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.getByRole('heading', { level: 1, name: 'Juntos' }).waitFor();
  return { context, page };
}

/**
 * Waits until the service worker controls the page and has kept a copy of the translation and the
 * first card's picture, which the page loaded before the worker was there.
 */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  await page.waitForFunction(
    async () => {
      const kept = await Promise.all(
        ['/locales/en/translation.json', '/img/about.png'].map((url) =>
          caches.match(url, { ignoreVary: true }),
        ),
      );
      return kept.every((response) => response !== undefined);
    },
    undefined,
    { timeout: 30_000, polling: 200 },
  );
}

/** Every address held in any of the worker's caches. */
const cachedAddresses = (page: Page) =>
  page.evaluate(async () => {
    const addresses: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      addresses.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return addresses;
  });

const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline.' });

describe('installable app (issue 20)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('links a valid manifest whose icons load at the sizes it states', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Juntos' }).waitFor();

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    expect(response.headers()['cache-control']).toBe('no-cache');
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Juntos',
      short_name: 'Juntos',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'en',
      theme_color: '#ffffff',
      background_color: '#ffffff',
    });
    // The light theme's colour, as the page says it before any preference is applied.
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);

    const icons = manifest.icons ?? [];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const { src, sizes, type } of [...icons, { src: appleIcon!, sizes: '180x180', type: 'image/png' }]) {
      const icon = await page.request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe(type);
      const [width, height] = sizes.split('x').map(Number);
      expect(pngSize(await icon.body()), src).toEqual({ width, height });
    }

    // Chromium's own reading of the manifest: no error, and the members' installation is possible.
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
    expect(parsed.errors).toEqual([]);
    await context.close();

    // A member who chose the dark theme gets a title bar of its colour (display-preferences.js).
    const dark = await newContext(browser, {
      consent: { advertising: false },
      localStorage: { display_preferences: JSON.stringify({ dark: true }) },
    });
    const darkPage = await dark.newPage();
    await darkPage.goto('/');
    await darkPage.getByRole('heading', { level: 1, name: 'Juntos' }).waitFor();
    expect(await darkPage.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#10181d');
    await dark.close();
  });

  it('the service worker controls the page and keeps the shell and translations, never an API answer', async () => {
    const { context, page } = await openWithWorker(browser);
    await waitForWorker(page);
    const entry = await page.locator('script[type="module"]').getAttribute('src');
    // A kept copy that the worker is writing again (the page fetched it once more through the
    // worker) is out of the cache's listing for that moment: the listing is read until it holds
    // them all. The landing picture is one the page showed before the worker was there.
    await expect
      .poll(() => cachedAddresses(page), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          '/index.html',
          entry,
          '/display-preferences.js',
          '/locales/en/translation.json',
          '/img/about.png',
        ]),
      );
    const cached = await cachedAddresses(page);
    expect(cached.filter((address) => /^\/(api|media)\//.test(address) || address.endsWith('.map'))).toEqual(
      [],
    );

    // API requests reach the server past the worker (it does not answer them) and stay out of its caches.
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/health/'));
    expect(await page.evaluate(async () => (await fetch('/api/health/')).status)).toBe(200);
    expect((await answered).fromServiceWorker()).toBe(false);
    expect((await cachedAddresses(page)).some((address) => address.startsWith('/api/'))).toBe(false);
    expect(await offlineNotice(page).count()).toBe(0);

    // Chromium would offer to install the app: its only objection is Playwright's off-the-record
    // context, where no browser installs anything.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual(
      [],
    );
    await context.close();
  });

  it('offline, the landing page and an app page still open, with a clear notice; back online, it says so', async () => {
    const { context, page } = await openWithWorker(browser);
    await waitForWorker(page);

    await context.setOffline(true);
    // Playwright's offline mode reaches the page but not the worker's own requests: those are cut
    // here, so whatever is drawn from now on comes from the worker's caches.
    const cut: string[] = [];
    context.on('requestfailed', (request) => {
      if (request.serviceWorker()) cut.push(new URL(request.url()).pathname);
    });
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    // The page that is open tells at once, without a reload.
    await offlineNotice(page).waitFor();
    expect(await offlineNotice(page).textContent()).toContain('Nothing can be sent or saved');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Juntos' }).waitFor();
    await offlineNotice(page).waitFor();
    // The first card's picture, which the visitor saw before, comes from the worker's copy.
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.landing-card img[src="/img/about.png"]');
      return !!image && image.complete && image.naturalWidth > 0;
    });
    await expectNoAxeViolations(page, 'landing page offline');

    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await offlineNotice(page).waitFor();
    await expectNoAxeViolations(page, 'sign-in page offline');
    // The worker did try the network first, and drew the pages without it.
    expect(cut).toEqual(expect.arrayContaining(['/', '/login', '/locales/en/translation.json']));

    await context.unrouteAll();
    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: 'You are back online.' }).waitFor();
    expect(await offlineNotice(page).count()).toBe(0);
    await context.close();
  });

  it('a new release is offered without taking the focus; "Update now" by keyboard switches to it and reloads', async () => {
    // A server of its own with a copy of the build, so that a deployment can be played out: the
    // worker's file is what changes (the browser fetches it past any route a test could set).
    const dist = mkdtempSync(path.join(os.tmpdir(), 'juntos-release-'));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-release-data-'));
    cpSync(webDist, dist, { recursive: true });
    const server = await startServerProcess({ WEB_DIST_DIR: dist, DATA_DIR: dataDir }, { compiled: true });
    try {
      const { context, page } = await openWithWorker(browser, server.url);
      await waitForWorker(page);
      const release = await page.locator('meta[name="juntos-version"]').getAttribute('content');
      expect(release).toMatch(/^[0-9a-f]{16}$/);
      expect(await page.getByRole('button', { name: 'Update now' }).count()).toBe(0);

      // The deployment: a worker with another release mark, as a new build brings.
      const worker = readFileSync(path.join(dist, 'sw.js'), 'utf8').replaceAll(release!, 'e2e-next-release');
      writeFileSync(path.join(dist, 'sw.js'), worker);
      writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(worker));
      writeFileSync(path.join(dist, 'sw.js.gz'), gzipSync(worker));

      const focused = await page.evaluate(() => document.activeElement?.tagName);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const updateNow = page.getByRole('button', { name: 'Update now' });
      await updateNow.waitFor({ timeout: 30_000 });
      await page.getByRole('status').filter({ hasText: 'A new version of Juntos is ready.' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe(focused);
      await expectNoAxeViolations(page, 'update prompt');

      await tabTo(page, updateNow);
      const reloaded = page.waitForEvent('load');
      await page.keyboard.press('Enter');
      await reloaded;
      await page.getByRole('heading', { level: 1, name: 'Juntos' }).waitFor();
      const controllerRelease = await page.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (event: MessageEvent<{ version?: unknown }>) =>
              resolve(event.data.version);
            navigator.serviceWorker.controller?.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
          }),
      );
      expect(controllerRelease).toBe('e2e-next-release');
      expect(await updateNow.count()).toBe(0);
      // The previous release's files went with it.
      expect(await page.evaluate(() => caches.keys())).not.toContain(`juntos-shell-${release}`);
      await context.close();
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dist, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
