import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createAdminRepository } from '../modules/admin/admin.repository';

/**
 * `npm run admin:create -- <email>`: makes an existing, active account an administrator. The only
 * way to create one: there is no sign-up or API call for it.
 */
const email = process.argv[2]?.trim();
if (!email) {
  console.error('Usage: npm run admin:create -- <email of an existing, active account>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.paths.pglite });
try {
  await database.migrate();
  const promoted = await createAdminRepository(database.db).promote(email);
  if (!promoted) {
    console.error(
      `No active account uses ${email}. The person signs up and activates the account first; then this command makes them an administrator.`,
    );
    process.exitCode = 1;
  } else console.log(`${email} is now an administrator.`);
} finally {
  await database.close();
}
