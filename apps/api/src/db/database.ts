import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The same Drizzle API whichever engine runs underneath (PGlite or PostgreSQL). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** A real round trip to the database, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** How many SQL statements this handle has run (tests check that lists stay bounded). */
  queryCount(): number;
  /**
   * Queries waiting for a free connection of the pool (PostgreSQL); PGlite runs one at a time and
   * has no pool, so 0. The overload guard refuses new requests while this stays high.
   */
  waitingQueries(): number;
  /**
   * Runs raw SQL outside Drizzle, for the job queue (pg-boss), which brings its own statements:
   * with values, one parameterised statement; without, a script of several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent, embedded PGlite persisted in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let queries = 0;
  const logger = { logQuery: () => void (queries += 1) };
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    // Both drivers implement the same PgDatabase API; only their result HKT differs, hence the cast.
    const db = drizzlePostgres(pool, { schema, logger }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePostgres(drizzlePostgres(pool, { schema }), { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      queryCount: () => queries,
      waitingQueries: () => pool.waitingCount,
      async executeSql(text, values) {
        if (values && values.length > 0) return pool.query(text, values);
        // A script (pg-boss's `BEGIN; …; COMMIT;`) that fails halfway leaves its connection inside
        // an aborted transaction: rolled back here before the connection goes back to the pool.
        const client = await pool.connect();
        try {
          return await client.query(text);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDir);
  const db = drizzlePglite(client, { schema, logger });
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    queryCount: () => queries,
    waitingQueries: () => 0,
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // PGlite's `query` takes one statement; pg-boss sends scripts (its schema, its
      // transactions) without values: `exec` runs them and answers one result per statement. A
      // script that fails halfway would leave the one connection every query shares inside an
      // aborted transaction: it is rolled back at once.
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}

/**
 * The rows of a raw statement. The two drivers type `execute`'s answer differently (PGlite's
 * `Results`, node-postgres's `QueryResult`); both carry `rows`, whose shape the caller states.
 */
export async function rowsOf<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** The first row of a raw statement (`rowsOf`), or undefined when it has none. */
export const firstRowOf = async <Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row | undefined> =>
  (await rowsOf<Row>(db, query))[0];
