import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app';
import { loadConfig, type Config } from '../config';

export type TestApp = { app: FastifyInstance; config: Config; cleanup: () => Promise<void> };

/**
 * A real application on a fresh DATA_DIR: PGlite by default, or the PostgreSQL of DATABASE_URL
 * when the test run provides one (CI creates and drops that database).
 */
export async function createTestApp(
  environment: Record<string, string> = {},
  dependencies?: AppDependencies,
): Promise<TestApp> {
  const dataDir = environment.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'juntos-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Tests create many accounts from one address; the rate-limit tests set 1 explicitly.
    RATE_LIMIT_SCALE: '100',
    // A retention pass deletes backdated rows database-wide, so on the suite's shared PostgreSQL one
    // test file's app would purge another's fixtures: only the tests that set it run a pass.
    RETENTION_FIRST_RUN_MS: '86400000',
    // Scheduled jobs (digests, expiry) would fire at a quarter past in the middle of another test;
    // the tests that need them queue them by hand.
    JOBS_SCHEDULE: 'off',
    JOBS_POLL_SECONDS: '0.5',
    // Pushes go to the tests' own fake push service on this machine, never to the internet.
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    ...(process.env.DATABASE_URL
      ? {
          DATABASE_URL: process.env.DATABASE_URL,
          // On the suite's shared PostgreSQL each app has a queue of its own: otherwise one test
          // file's app would take (and send through its own mailer) another's jobs.
          JOBS_SCHEMA: `jobs_${randomBytes(6).toString('hex')}`,
        }
      : {}),
    ...environment,
  });
  const app = await buildApp(config, dependencies);
  if (!dependencies?.database) await app.database.migrate();
  return {
    app,
    config,
    cleanup: async () => {
      await app.close();
      if (!environment.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
