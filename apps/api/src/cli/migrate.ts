import { loadConfig } from '../config';
import { openDatabase } from '../db/database';

/** `npm run db:migrate`: applies the committed SQL migrations to the configured database. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.paths.pglite });
try {
  await database.migrate();
  console.log(`Migrations applied (${database.engine}).`);
} finally {
  await database.close();
}
