import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { firstRowOf, type Database } from '../db/database';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/**
 * Where the database stands against this code's migrations, read without changing anything:
 * drizzle's own bookkeeping (`drizzle.__drizzle_migrations`, one row per applied migration stamped
 * with the journal's `when`). `behind`: `npm run db:migrate` would apply something; `ahead`: a
 * newer version of the platform migrated it.
 */
export async function migrationLevel(db: Database): Promise<'current' | 'behind' | 'ahead'> {
  const table = await firstRowOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return 'behind';
  const applied = await firstRowOf<{ last: string | null }>(
    db,
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const lastApplied = Number(applied?.last ?? 0);
  const lastInCode = Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder }).map((file) => file.folderMillis),
  );
  // The migrator applies every file stamped after the newest row; this compares the same way.
  if (lastInCode > lastApplied) return 'behind';
  return lastApplied > lastInCode ? 'ahead' : 'current';
}
