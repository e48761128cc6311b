import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createRetention } from '../modules/retention';

/**
 * `npm run retention`: one retention pass now, against the configured database, as the server's
 * hourly timer runs it (docs/operations.md "Retention"). Prints how many records of each kind
 * were removed, never what they held.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.paths.pglite });
try {
  await database.migrate();
  const purged = await createRetention({ db: database.db, mailDir: config.paths.mail }).runPass();
  if (!purged) {
    // EX_TEMPFAIL: a script calling this can tell "try later" from done.
    process.exitCode = 75;
    console.log(
      'Another instance is running a retention pass right now; nothing was done. Try again in a few minutes.',
    );
  } else {
    console.log('Retention pass done. Removed:');
    const width = Math.max(...Object.keys(purged).map((kind) => kind.length));
    for (const [kind, count] of Object.entries(purged)) console.log(`  ${kind.padEnd(width)}  ${count}`);
  }
} finally {
  await database.close();
}
