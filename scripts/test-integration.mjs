// `npm run test:integration`: the integration tier, on PostgreSQL when one answers, on the embedded
// PGlite otherwise (decision 0043).
//
// The tier is mostly SQL, and PGlite runs it as WebAssembly in the test's own process: on the
// 2-core machine the whole tier took 616 s of CPU on PGlite and 214 s on PostgreSQL (337 s and
// 147 s of wall time). So when `DATABASE_URL` is unset, the run looks for a server on
// 127.0.0.1:5432 (PGHOST and PGPORT move it), makes a database of its own there, runs the tier
// with `DATABASE_URL` pointing at it (each test app copies it from a migrated template:
// test-support/test-app.ts) and drops it and every copy at the end. `TEST_DATABASE=pglite` keeps
// the run on PGlite, which `.ci/run` asks for in its second pass so that CI covers both databases.
// With no server, the run is on PGlite, as on a machine with nothing installed.
//
// Arguments go to vitest as they are: `npm run test:integration -- apps/api/src/fuzz`.
import { spawn } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';

const vitestArgs = ['run', '--project', 'integration', ...process.argv.slice(2)];

/** A client of the machine's server, or undefined when none answers or none lets us in. */
async function machinePostgres() {
  const host = process.env.PGHOST ?? '127.0.0.1';
  const port = Number(process.env.PGPORT ?? 5432);
  // The machines here let `postgres` or the login user in without a password (trust).
  const users = process.env.PGUSER ? [process.env.PGUSER] : ['postgres', os.userInfo().username];
  for (const user of users) {
    const client = new pg.Client({ host, port, user, database: 'postgres', connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      return {
        client,
        url: (database) => `postgres://${encodeURIComponent(user)}@${host}:${port}/${database}`,
      };
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  return undefined;
}

function runVitest(environment) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', ...vitestArgs], {
      stdio: 'inherit',
      env: { ...process.env, ...environment },
    });
    // Ctrl-C reaches vitest through the terminal; the databases are dropped once it has stopped.
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const wantsPglite = process.env.TEST_DATABASE === 'pglite';
if (process.env.DATABASE_URL || wantsPglite) {
  if (wantsPglite) delete process.env.DATABASE_URL;
  console.log(
    wantsPglite
      ? 'Integration tests on PGlite (TEST_DATABASE=pglite).'
      : 'Integration tests on the PostgreSQL of DATABASE_URL.',
  );
  process.exit(await runVitest({}));
}

const server = await machinePostgres();
if (!server) {
  console.log('Integration tests on PGlite: no PostgreSQL answers on 127.0.0.1:5432.');
  process.exit(await runVitest({}));
}

// Named after the run, so that runs side by side (or a run killed before its cleanup) never meet.
const runDatabase = `juntos_test_${Date.now().toString(36)}_${process.pid}`;
await server.client.query(`CREATE DATABASE ${runDatabase}`);
console.log(
  `Integration tests on PostgreSQL, database ${runDatabase} and its copies, dropped at the end ` +
    '(TEST_DATABASE=pglite for the embedded database).',
);
let exitCode = 1;
try {
  exitCode = await runVitest({ DATABASE_URL: server.url(runDatabase) });
} finally {
  // The run's database, its template and every test app's copy (test-app.ts names them all
  // after the run's database).
  const { rows } = await server.client.query(
    "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $1 || '\\_%'",
    [runDatabase],
  );
  for (const { datname } of rows)
    await server.client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await server.client.end();
}
process.exit(exitCode);
