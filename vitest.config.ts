import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Vitest leaves one core to itself by default, which on the 2-core machines ran the integration
 * files one at a time while a core idled: each file's app is its own process-local world (a copied
 * PGlite directory, or a schema of its own on PostgreSQL), so they run side by side (issue 33).
 */
const WORKERS = Math.max(2, os.availableParallelism() - 1);

/**
 * Three tiers, run in this order by `npm test`:
 * unit (pure rules), integration (the real server through inject or a real port, on PGlite and,
 * when DATABASE_URL is set, PostgreSQL), e2e (headless Chromium against the built app).
 */
export default defineConfig({
  test: {
    // Per project, vitest only lets a pool be one fork (the browser tier's); the count is global.
    maxWorkers: WORKERS,
    // The fork pool is one for every project, and only this root setting decides whether it ends a
    // worker process after each file (a project's own `isolate` only decides whether the worker
    // clears its module cache). Off, so integration workers keep their processes and modules; the
    // unit tier runs on threads, isolated as before, and the browser tier asks for isolation.
    poolOptions: { forks: { isolate: false } },
    projects: [
      {
        test: {
          name: 'unit',
          pool: 'threads',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/api/src/**/*.unit.test.ts',
            'e2e/support/**/*.unit.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/**/*.unit.test.ts'],
          environment: 'node',
          // A worker imports the app's modules once and runs file after file with them (with the
          // root `poolOptions` above, which keep its process): four files on one worker took 31.5 s
          // with a process per file and 19.0 s in one process. Every file builds apps of its own, so no
          // state is shared between files but the modules' code (decisions 0042 and 0043).
          isolate: false,
          // Hang guards, not measures: with another suite beside it on two cores, building an
          // embedded app took over 60 s and 990 requests in a row as long (both pass in seconds
          // on a quiet machine).
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          isolate: true,
          // A guard against a hang, not a speed check: the longest journeys take about 40 s on a
          // quiet machine and up to 2.5 times that with both heavy tiers on two cores.
          testTimeout: 180_000,
          hookTimeout: 90_000,
          // One browser per vitest run: scripts/test-e2e-shards.mjs runs several runs side by side,
          // each with its own server.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
