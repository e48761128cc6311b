import { defineConfig } from 'vitest/config';

/**
 * Three tiers, run in this order by `npm test`:
 * unit (pure rules), integration (the real server through inject or a real port, on PGlite and,
 * when DATABASE_URL is set, PostgreSQL), e2e (headless Chromium against the built app).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
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
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // One browser at a time: the machines have two cores.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
