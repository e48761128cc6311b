import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { startServerProcess, type ServerProcess } from '../../apps/api/src/test-support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the SMTP receiver writes each message it accepts, as `<timestamp>-<n>.eml`. */
    mailDir: string;
  }
}

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/index.html');

/**
 * A real SMTP receiver on a free 127.0.0.1 port: the server delivers its e-mails to it through
 * nodemailer exactly as it would to a mail provider, and the tests read them from disk.
 */
async function startMailReceiver(mailDir: string) {
  let count = 0;
  const receiver = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        count += 1;
        const name = `${Date.now()}-${count}.eml`;
        // Written under another name first, so a test never reads half a message.
        const partial = path.join(mailDir, `.${name}.partial`);
        writeFileSync(partial, Buffer.concat(chunks));
        renameSync(partial, path.join(mailDir, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    receiver.once('error', reject);
    receiver.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = receiver.server.address() as AddressInfo;
  return { receiver, url: `smtp://127.0.0.1:${port}` };
}

/** One real server (built web app, embedded database, fresh DATA_DIR) for the browser tests. */
export default async function setup(project: TestProject) {
  if (!existsSync(webDist)) throw new Error('The web app is not built: run `npm run build` first.');
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-mail-'));
  const mail = await startMailReceiver(mailDir);
  let server: ServerProcess;
  try {
    // Every journey signs up and in from 127.0.0.1: the per-address limits would stop the suite.
    server = await startServerProcess({ SMTP_URL: mail.url, RATE_LIMIT_SCALE: '100' });
  } catch (error) {
    mail.receiver.close();
    throw error;
  }
  project.provide('baseUrl', server.url);
  project.provide('mailDir', mailDir);
  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await new Promise<void>((resolve) => mail.receiver.close(() => resolve()));
    rmSync(mailDir, { recursive: true, force: true });
  };
}
