import pg from 'pg';

/**
 * Runs a benchmark on embedded PGlite (`undefined`), or, with BENCH_POSTGRES_URL (a server URL
 * such as postgres://postgres@127.0.0.1:5432/postgres), on a database of its own created there and
 * dropped afterwards (kept with BENCH_KEEP_DATABASE=1).
 */
export async function withDatabase<T>(run: (databaseUrl: string | undefined) => Promise<T>): Promise<T> {
  const server = process.env.BENCH_POSTGRES_URL;
  if (!server) return run(undefined);
  const name = `juntos_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    if (process.env.BENCH_KEEP_DATABASE) console.log(`Kept database ${name}.`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
