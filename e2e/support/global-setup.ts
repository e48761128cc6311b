import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../apps/api/src/db/database';
import { profiles, users } from '../../apps/api/src/db/schema';
import { parseEmail } from '../../apps/api/src/test-support/email-message';
import {
  describeLeaks,
  findPersonalDataInLog,
  secretsInMessage,
} from '../../apps/api/src/test-support/personal-data-in-log';
import { startServerProcess, type ServerProcess } from '../../apps/api/src/test-support/server-process';
import { startSmtpReceiver } from '../../apps/api/src/test-support/smtp-receiver';
import { migratedTemplate } from '../../apps/api/src/test-support/test-app';
import { chromiumPath } from './chromium-path';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the SMTP receiver writes each message it accepts, as `<timestamp>-<n>.eml`. */
    mailDir: string;
  }
}

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/index.html');

/** Each message the SMTP receiver accepts is written to `mailDir` for the tests to read. */
function writeTo(mailDir: string) {
  let count = 0;
  return (raw: Buffer) => {
    count += 1;
    const name = `${Date.now()}-${count}.eml`;
    // Written under another name first, so a test never reads half a message.
    const partial = path.join(mailDir, `.${name}.partial`);
    writeFileSync(partial, raw);
    renameSync(partial, path.join(mailDir, name));
  };
}

/**
 * What the server's whole log of the run holds of the mail it sent: the recipients' addresses,
 * the activation codes and reset tokens, and anything the generic patterns of
 * `personal-data-in-log.ts` catch (issue 24: logs carry member ids, never contact data or tokens).
 */
/**
 * The names and phone numbers the journeys stored, read from the server's own database once it
 * stopped. Names a log could hold for other reasons are left out: shorter than four letters, or
 * the journeys' default first name "Member", which is also an English word of log messages.
 */
async function storedPeople(dataDir: string) {
  // PGlite (Emscripten) sets process.exitCode to 0 when it starts: without this, a run whose tests
  // failed would exit 0 once the teardown read the database, and pass in CI.
  const exitCode = process.exitCode;
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pg'),
  }).finally(() => {
    process.exitCode = exitCode;
  });
  try {
    const people = await database.db
      .select({ nombre: profiles.nombre, apellidos: profiles.apellidos, telefono: users.telefono })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id));
    const names = people
      .flatMap(({ nombre, apellidos }) => [
        nombre,
        apellidos,
        nombre && apellidos ? `${nombre} ${apellidos}` : '',
      ])
      .filter((name): name is string => !!name && name.trim().length >= 4 && name !== 'Member');
    return { names: [...new Set(names)], phones: [...new Set(people.map((person) => person.telefono))] };
  } finally {
    await database.close();
    process.exitCode = exitCode;
  }
}

/**
 * Everything a person gave or was sent during the run that the log must not hold: the addresses
 * and one-time secrets of every e-mail received, the names and phones stored.
 */
async function personalDataInLog(log: string, mailDir: string, dataDir: string) {
  const messages = readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => parseEmail(readFileSync(path.join(mailDir, name), 'utf8')));
  const emails = messages.flatMap((message) => message.to.match(/[^\s<>,"']+@[^\s<>,"']+/g) ?? []);
  const secrets = messages.flatMap((message) => secretsInMessage(message.text));
  return findPersonalDataInLog(log, { emails, secrets, ...(await storedPeople(dataDir)) });
}

/** One real server (built web app, embedded database, fresh DATA_DIR) for the browser tests. */
export default async function setup(project: TestProject) {
  // Said once here rather than by every suite's launch ("executable doesn't exist").
  if (!existsSync(chromiumPath()))
    throw new Error(
      `No browser at ${chromiumPath()}: run \`node scripts/ensure-browser.mjs\` (npm run test:e2e does).`,
    );
  if (!existsSync(webDist)) throw new Error('The web app is not built: run `npm run build` first.');
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-mail-'));
  // Known here, so the teardown can read what the journeys stored.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-e2e-'));
  // The server starts on a copy of the migrated embedded database, as the integration tests' apps do.
  if (!process.env.DATABASE_URL)
    cpSync(await migratedTemplate(), path.join(dataDir, 'pg'), { recursive: true });
  const mail = await startSmtpReceiver({ onMessage: writeTo(mailDir) });
  let server: ServerProcess;
  try {
    // Every journey signs up and in from 127.0.0.1: the per-address limits would stop the suite.
    // The compiled server, as `npm start` runs it: the journeys exercise the production artefact.
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        SMTP_URL: mail.url,
        RATE_LIMIT_SCALE: '100',
        // Some hundred sign-ups and sign-ins: the tests' cheap hash (refused unless NODE_ENV=test;
        // the integration tier checks the production cost).
        PASSWORD_HASH_COST: 'test',
        WORD_CLOUD_DEBOUNCE_MS: '200',
        // The earnings journey accrues its tokens through the impression call without waiting 15 s each.
        AD_IMPRESSION_INTERVAL_MS: '0',
      },
      { compiled: true },
    );
  } catch (error) {
    await mail.close();
    throw error;
  }
  project.provide('baseUrl', server.url);
  project.provide('mailDir', mailDir);
  // A leak fails the suite even when every test passed: the teardown sets the exit code and
  // throws (vitest prints the error after the summary, under "Startup Error").
  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    let leaks: Awaited<ReturnType<typeof personalDataInLog>>;
    try {
      leaks = await personalDataInLog(server.output(), mailDir, dataDir);
    } finally {
      await mail.close();
      rmSync(mailDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
    if (leaks.length > 0) {
      // Vitest prints an error thrown here but still exits 0 when every test passed: the exit
      // code is set here so that a leak fails the run.
      process.exitCode = 1;
      throw new Error(`The server's log holds personal data (issue 24):\n${describeLeaks(leaks)}`);
    }
  };
}
