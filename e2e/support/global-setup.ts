import {
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
import type { TestProject } from 'vitest/node';
import { parseEmail } from '../../apps/api/src/test-support/email-message';
import {
  describeLeaks,
  findPersonalDataInLog,
  secretsInMessage,
} from '../../apps/api/src/test-support/personal-data-in-log';
import { startServerProcess, type ServerProcess } from '../../apps/api/src/test-support/server-process';
import { startSmtpReceiver } from '../../apps/api/src/test-support/smtp-receiver';
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
function personalDataInLog(log: string, mailDir: string) {
  const messages = readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => parseEmail(readFileSync(path.join(mailDir, name), 'utf8')));
  const emails = messages.flatMap((message) => message.to.match(/[^\s<>,"']+@[^\s<>,"']+/g) ?? []);
  const secrets = messages.flatMap((message) => secretsInMessage(message.text));
  return findPersonalDataInLog(log, { emails, secrets });
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
  const mail = await startSmtpReceiver({ onMessage: writeTo(mailDir) });
  let server: ServerProcess;
  try {
    // Every journey signs up and in from 127.0.0.1: the per-address limits would stop the suite.
    server = await startServerProcess({
      SMTP_URL: mail.url,
      RATE_LIMIT_SCALE: '100',
      WORD_CLOUD_DEBOUNCE_MS: '200',
      // The earnings journey accrues its tokens through the impression call without waiting 15 s each.
      AD_IMPRESSION_INTERVAL_MS: '0',
    });
  } catch (error) {
    await mail.close();
    throw error;
  }
  project.provide('baseUrl', server.url);
  project.provide('mailDir', mailDir);
  // A teardown that throws fails `vitest run` (exit code 1, the error printed after the summary
  // under "Startup Error"), so a leak fails the suite even when every test passed.
  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    let leaks: ReturnType<typeof personalDataInLog>;
    try {
      leaks = personalDataInLog(server.output(), mailDir);
    } finally {
      await mail.close();
      rmSync(mailDir, { recursive: true, force: true });
    }
    if (leaks.length > 0)
      throw new Error(`The server's log holds personal data (issue 24):\n${describeLeaks(leaks)}`);
  };
}
