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

/**
 * The session a bench member's access tokens name: one per member, derived from its id, so a
 * bench can sign tokens for members it seeded without keeping a map.
 */
export const benchSessionId = (userId: number) =>
  `00000000-0000-4000-8000-${String(userId).padStart(12, '0')}`;

/**
 * The refresh-token row that keeps that session open: an access token whose session has no live
 * refresh-token family is refused (decision 0031). Insert it with the member.
 */
export const benchSessionRow = (userId: number) => ({
  userId,
  familyId: benchSessionId(userId),
  tokenHash: `bench-session-${userId}`,
  expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
  device: null,
});
