import Fastify from 'fastify';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { serializeError } from '../lib/log-serializers';
import { createMailer } from '../lib/mailer';
import { createLocalMediaStore } from '../lib/media-store';
import { createS3MediaStore } from '../lib/s3-media-store';
import { createErasureRepository, createErasureService } from '../modules/erasure';
import { createRetention } from '../modules/retention';
import { migrationLevel } from './migration-level';

/** Where the command writes: the counts on one stream, the log and the refusals on the other. */
export type CommandOutput = { stdout: { write(text: string): void }; stderr: { write(text: string): void } };

/** The exit codes of `npm run retention`, which a script calling it can tell apart. */
export const RETENTION_EXIT = { done: 0, someKindsFailed: 1, leaseHeld: 75, wrongMigrations: 78 } as const;

/**
 * `npm run retention`: one retention pass now, against the configured database, as the server's
 * hourly timer runs it (docs/operations.md "Retention"). Prints how many records of each kind
 * were removed, never what they held. Exit codes: 0 done; 1 some kinds failed (the rest was
 * done); 75 (EX_TEMPFAIL) another instance holds the lease; 78 (EX_CONFIG) the database is not at
 * this code's migrations. A function apart from the script, so the tests run it without a process.
 */
export async function runRetentionCommand(
  environment: NodeJS.ProcessEnv,
  output: CommandOutput,
): Promise<number> {
  const config = loadConfig(environment);
  const say = (line: string) => output.stdout.write(`${line}\n`);
  const warn = (line: string) => output.stderr.write(`${line}\n`);
  // The server's logger settings (the same error serializer, no row content), on standard error.
  const log = Fastify({
    logger: { level: config.logLevel, serializers: { err: serializeError }, stream: output.stderr },
  }).log;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.paths.pglite });
  const s3Store = config.s3 ? createS3MediaStore(config.s3) : undefined;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db: database.db,
    log,
    mailDir: config.paths.mail,
  });
  try {
    // Never migrates: an operator may point it at a database of another version, which the
    // servers running that version still use.
    const level = await migrationLevel(database.db);
    if (level !== 'current') {
      warn(
        level === 'behind'
          ? 'The database is older than this version of the platform: run npm run db:migrate first. Nothing was done.'
          : 'The database was migrated by a newer version of the platform: run npm run retention from that version. Nothing was done.',
      );
      return RETENTION_EXIT.wrongMigrations;
    }
    const erasure = createErasureService({
      repository: createErasureRepository(database.db),
      mediaStore: s3Store ?? createLocalMediaStore(config.paths.media),
      forgetEmails: (outboxIds) => mailer.forget(outboxIds),
      // Accounts never activated have no sessions, and this process holds no sockets.
      endLiveSessions: async () => undefined,
      log,
    });
    const outcome = await createRetention({
      db: database.db,
      mailDir: config.paths.mail,
      eraseAccount: (userId) => erasure.erase(userId),
      log,
    }).runPass();
    if (!outcome) {
      say(
        'Another instance is running a retention pass right now; nothing was done. Try again in a few minutes.',
      );
      return RETENTION_EXIT.leaseHeld;
    }
    say('Retention pass done. Removed:');
    const width = Math.max(...Object.keys(outcome.purged).map((kind) => kind.length));
    for (const [kind, count] of Object.entries(outcome.purged)) say(`  ${kind.padEnd(width)}  ${count}`);
    if (outcome.failed.length === 0) return RETENTION_EXIT.done;
    warn(
      `These kinds failed (the log above says why): ${outcome.failed.join(', ')}. The others were done; run it again once the cause is fixed.`,
    );
    return RETENTION_EXIT.someKindsFailed;
  } finally {
    mailer.close();
    s3Store?.close();
    await database.close();
  }
}
