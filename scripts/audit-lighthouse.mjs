// `npm run audit:lighthouse`: Lighthouse (12.2, the last line that runs on Node 20) with the
// system's Chromium over the landing page and the main signed-in routes, with the mobile and the
// desktop presets, printing each category's score (issue 23). It is a script to run by hand, not
// part of `npm test`: scores depend on the machine's load, and the targets (performance ≥ 95,
// the other three 100; issue 36's phone targets below them) are read, not asserted.
//
// It starts its own server (`npm start`, the production build) on a free port with a throwaway
// DATA_DIR filled by `npm run seed:demo`, and signs in as a demo member. BASE_URL points it at a
// running platform instead; AUDIT_EMAIL and AUDIT_PASSWORD then name the member to sign in as.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, findBrowser } from '../e2e/support/find-browser.mjs';
import { stolenCpuLine, watchStolenCpu } from './stolen-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// AUDIT_ROUTES (comma-separated) and AUDIT_PRESETS (mobile, desktop) narrow a run to what is
// being worked on; AUDIT_DETAILS=1 prints the longest main-thread tasks and the scripts' costs.
const onlyRoutes = process.env.AUDIT_ROUTES?.split(',').filter(Boolean);
const chosenRoutes = (routes) => (onlyRoutes ? routes.filter((route) => onlyRoutes.includes(route)) : routes);
const VISITOR_ROUTES = chosenRoutes(['/', '/login']);
const MEMBER_ROUTES = chosenRoutes([
  '/feed',
  '/profile',
  '/edit-profile',
  '/chat',
  '/comunidades',
  '/buscar',
  '/recursos/asociaciones',
  '/notificaciones',
]);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const onlyPresets = process.env.AUDIT_PRESETS?.split(',').filter(Boolean);
const PRESETS = Object.fromEntries(
  Object.entries({ mobile: undefined, desktop: desktopConfig }).filter(
    ([name]) => !onlyPresets || onlyPresets.includes(name),
  ),
);

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitForServer(baseUrl, child) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/health/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start within two minutes');
}

/** A server of its own, with the demo community, unless BASE_URL names one. */
async function platform() {
  if (process.env.BASE_URL) return { baseUrl: process.env.BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-lighthouse-'));
  const env = { ...process.env, DATA_DIR: dataDir, RATE_LIMIT_SCALE: '100' };
  const seeded = spawnSync('npm', ['run', 'seed:demo'], { cwd: root, env, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('npm run seed:demo failed');
  const port = await freePort();
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(baseUrl, child);
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(baseUrl) {
  const response = await fetch(`${baseUrl}/api/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: process.env.AUDIT_EMAIL ?? 'lucia@demo.juntos.example',
      password: process.env.AUDIT_PASSWORD ?? 'Demo-Juntos-2026!',
    }),
  });
  if (!response.ok) throw new Error(`signing in failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Puts (or removes) the member's tokens in the origin's localStorage, which Lighthouse keeps. */
async function setSession(port, baseUrl, tokens) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/politica/legal`);
  await page.evaluate((pair) => {
    globalThis.localStorage.setItem('i18nextLng', 'en');
    if (pair) {
      globalThis.localStorage.setItem('access', pair.access);
      globalThis.localStorage.setItem('refresh', pair.refresh);
    } else {
      globalThis.localStorage.removeItem('access');
      globalThis.localStorage.removeItem('refresh');
    }
  }, tokens);
  await page.close();
  await browser.disconnect();
}

const chromePath = findBrowser();
if (!chromePath) {
  console.error('No Chromium found: run `node scripts/ensure-browser.mjs` first.');
  process.exit(1);
}
const stolenCpu = watchStolenCpu();
const { baseUrl, stop } = await platform();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS });
const rows = [];
try {
  const tokens = await signIn(baseUrl);
  for (const [routes, session] of [
    [VISITOR_ROUTES, null],
    [MEMBER_ROUTES, tokens],
  ]) {
    await setSession(chrome.port, baseUrl, session);
    for (const route of routes) {
      for (const [preset, config] of Object.entries(PRESETS)) {
        const result = await lighthouse(
          `${baseUrl}${route}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
            disableStorageReset: true,
          },
          config,
        );
        const scores = Object.fromEntries(
          CATEGORIES.map((category) => [
            category,
            Math.round((result.lhr.categories[category].score ?? 0) * 100),
          ]),
        );
        const layoutShift = result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
        rows.push({ route, preset, ...scores, layoutShift });
        console.log(
          `${route.padEnd(24)} ${preset.padEnd(8)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join('  ')}`,
        );
        // What cost the points: the metrics, and each audit that did not pass in full.
        const { audits } = result.lhr;
        const metric = (id) => audits[id]?.displayValue ?? '–';
        if (scores.performance < 95)
          console.log(
            `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
              `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
          );
        if (scores.performance < 95) {
          for (const item of (audits['mainthread-work-breakdown']?.details?.items ?? []).slice(0, 4))
            console.log(`    main thread: ${item.groupLabel} ${Math.round(item.duration)} ms`);
          if (process.env.AUDIT_DETAILS) {
            for (const item of (audits['long-tasks']?.details?.items ?? []).slice(0, 6))
              console.log(
                `    long task ${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms: ${item.url}`,
              );
            const chain = audits['critical-request-chains']?.details?.longestChain;
            if (chain)
              console.log(
                `    longest request chain: ${chain.length} requests, ${Math.round(chain.duration)} ms, ${Math.round(chain.transferSize / 1024)} KiB`,
              );
            for (const item of (audits['bootup-time']?.details?.items ?? []).slice(0, 6))
              console.log(
                `    script ${item.url}: evaluation ${Math.round(item.scripting)} ms, parse ${Math.round(item.scriptParseCompile)} ms`,
              );
          }
        }
        for (const item of (audits['layout-shifts']?.details?.items ?? []).slice(0, 3))
          console.log(
            `    layout shift ${item.score?.toFixed(4)}: ${item.node?.selector ?? item.node?.snippet ?? ''}`,
          );
        for (const category of CATEGORIES.filter((c) => c !== 'performance' && scores[c] < 100))
          for (const ref of result.lhr.categories[category].auditRefs)
            if (ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1) {
              console.log(`  ${category}: ${audits[ref.id].title}`);
              for (const item of (audits[ref.id].details?.items ?? []).slice(0, 3))
                console.log(`    ${JSON.stringify(item).slice(0, 300)}`);
            }
      }
    }
  }
} finally {
  chrome.kill();
  await stop();
}
const missed = rows.filter(
  (row) => row.performance < 95 || row.accessibility < 100 || row['best-practices'] < 100 || row.seo < 100,
);
console.log(
  missed.length === 0
    ? `\nEvery route meets the targets (performance ≥ 95, accessibility, best practices and SEO 100).`
    : `\nBelow the targets:\n${missed.map((row) => `  ${row.route} (${row.preset})`).join('\n')}`,
);
// Issue 36, point 5: on phones, ≥ 90 on the pages a visitor sees first and ≥ 80 on every signed-in
// route; /edit-profile ≥ 95 on the desktop; no layout shift anywhere, read as Lighthouse shows it
// (below 0.001 it shows 0: /edit-profile on the desktop measures 0.0004, which no trace of the page
// in Chromium reproduced, throttled or not). The value is printed as measured.
const phoneTarget = (row) =>
  row.preset === 'mobile'
    ? VISITOR_ROUTES.includes(row.route)
      ? 90
      : 80
    : row.route === '/edit-profile'
      ? 95
      : undefined;
const issue36 = rows.filter((row) => phoneTarget(row) !== undefined);
if (issue36.length > 0) {
  console.log('\nIssue 36 point 5 (performance, layout shift 0):');
  for (const row of issue36) {
    const met = row.performance >= phoneTarget(row) && row.layoutShift < 0.001;
    console.log(
      `  ${row.route.padEnd(24)} ${row.preset.padEnd(8)} ${String(row.performance).padStart(3)} ≥ ${phoneTarget(row)}, ` +
        `layout shift ${row.layoutShift.toFixed(4)}: ${met ? 'met' : 'NOT MET'}`,
    );
  }
}
const stolen = stolenCpuLine(stolenCpu());
if (stolen) console.log(stolen);
