import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDependencies } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/database';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
const TEMPLATE_PREFIX = 'juntos-pglite-template-';

/**
 * A PGlite data directory with every migration applied, made once per set of migrations and
 * copied for each test app: a fresh PGlite spends ~3 s creating its cluster and ~1 s migrating,
 * a copy opens in ~0.5 s (issue 33). Keyed by the migrations' names and contents, so a new or
 * changed migration makes a new template; the app still runs `migrate()`, which finds nothing
 * to do. Test files run in parallel workers: each builds into a directory of its own and renames
 * it into place, and the one that loses the race uses the winner's.
 */
let knownMigrationsHash: string | undefined;
function migrationsHash() {
  // Read once per worker: every test app of a file (and every file of the worker) asks.
  if (knownMigrationsHash) return knownMigrationsHash;
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  knownMigrationsHash = hash.digest('hex').slice(0, 16);
  return knownMigrationsHash;
}

export async function migratedTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${migrationsHash()}`);
  if (existsSync(template)) return template;
  const building = mkdtempSync(path.join(os.tmpdir(), 'juntos-pglite-building-'));
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: building });
  await database.migrate();
  await database.close();
  try {
    renameSync(building, template);
    // Templates of other migration sets are from older checkouts: nothing needs them any more.
    for (const entry of readdirSync(os.tmpdir()))
      if (entry.startsWith(TEMPLATE_PREFIX) && path.join(os.tmpdir(), entry) !== template)
        rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** Runs statements on the server of `databaseUrl`, connected to that URL's own database. */
async function onServer<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const withDatabase = (databaseUrl: string, name: string) => {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * On PostgreSQL (the run's DATABASE_URL), each test app gets a database of its own, copied from a
 * template migrated once per set of migrations, so files run side by side without seeing each
 * other's rows (issue 33). Every name starts with the run's database name, which `.ci/run` drops
 * with all its copies. A DATA_DIR a test passes twice names the same database, as it names the same
 * PGlite directory: a restart finds its data.
 */
export async function testDatabase(runUrl: string, dataDir: string | undefined) {
  const base = decodeURIComponent(new URL(runUrl).pathname.slice(1));
  const template = `${base}_tpl_${migrationsHash()}`;
  const name = dataDir
    ? `${base}_dir_${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`
    : `${base}_app_${randomBytes(6).toString('hex')}`;
  await onServer(runUrl, async (client) => {
    // Workers start together: one makes the template while the others wait on the lock.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (exists.rowCount === 0) {
        await client.query(`CREATE DATABASE ${quoted(template)}`);
        const database = await openDatabase({ databaseUrl: withDatabase(runUrl, template), pgliteDir: '' });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
      }
      const known = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (known.rowCount === 0)
        await client.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(template)}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return {
    url: withDatabase(runUrl, name),
    // A DATA_DIR's database outlives the app, as the directory does; `.ci/run` drops it.
    drop: () =>
      dataDir
        ? Promise.resolve()
        : onServer(runUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`)),
  };
}

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
  const ownDatabase =
    process.env.DATABASE_URL && !environment.DATABASE_URL && !dependencies?.database
      ? await testDatabase(process.env.DATABASE_URL, environment.DATA_DIR)
      : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Tests create many accounts from one address; the rate-limit tests set 1 explicitly.
    RATE_LIMIT_SCALE: '100',
    // Hundreds of sign-ups: the tests' cheap argon2 cost, refused outside NODE_ENV=test (a test
    // of the production settings gets the real cost).
    ...(environment.NODE_ENV === undefined || environment.NODE_ENV === 'test'
      ? { PASSWORD_HASH_COST: 'test' }
      : {}),
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
          DATABASE_URL: ownDatabase?.url ?? process.env.DATABASE_URL,
          // On the suite's shared PostgreSQL each app has a queue of its own: otherwise one test
          // file's app would take (and send through its own mailer) another's jobs.
          JOBS_SCHEMA: `jobs_${randomBytes(6).toString('hex')}`,
        }
      : {}),
    ...environment,
  });
  // A fresh embedded database starts as a copy of the migrated template.
  if (!config.databaseUrl && !dependencies?.database && !existsSync(config.paths.pglite))
    cpSync(await migratedTemplate(), config.paths.pglite, { recursive: true });
  const app = await buildApp(config, dependencies);
  if (!dependencies?.database) await app.database.migrate();
  return {
    app,
    config,
    cleanup: async () => {
      await app.close();
      await ownDatabase?.drop();
      if (!environment.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test app listening on a free port of this machine: sockets need a real one, `inject` does not. */
export async function createListeningTestApp(
  environment: Record<string, string> = {},
  dependencies?: AppDependencies,
) {
  const t = await createTestApp(environment, dependencies);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t;
}
