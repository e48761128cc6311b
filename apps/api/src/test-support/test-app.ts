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
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
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
