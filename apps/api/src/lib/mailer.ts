import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { emailOutbox } from '../db/schema';
import { loadOnce } from './load-once';
import { count, eq, isNull } from 'drizzle-orm';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The account the message concerns, so account deletion removes it from the outbox too. */
  userId?: number;
  /** Extra headers (List-Unsubscribe for the notification e-mails). */
  headers?: Record<string, string>;
  /**
   * Sent from a job that retries: a failed delivery throws (after being recorded), so the job
   * queue tries again. Without it a failure is recorded and logged only.
   */
  throwOnFailure?: boolean;
};

export type Mailer = {
  send(email: OutgoingEmail): Promise<void>;
  /**
   * Deletes the `.eml` files written for these outbox rows (an erased member's messages: they
   * hold the address and maybe a live reset link); answers how many were deleted. Warning:
   * throws when the folder cannot be read or a file cannot be deleted.
   */
  forget(outboxIds: readonly number[]): Promise<number>;
};

/** The one naming rule of the `.eml` files: the time written, then the outbox row's id. */
export const mailFileName = (outboxId: number, writtenAt: Date) => `${writtenAt.getTime()}-${outboxId}.eml`;
const outboxIdOfMailFile = (name: string) => {
  const found = /^\d+-(\d+)\.eml$/.exec(name);
  return found ? Number(found[1]) : undefined;
};

/**
 * Every message is kept in the outbox table. With SMTP_URL it is delivered through nodemailer;
 * without, it is written as an `.eml` file to `mailDir` (where a developer reads the activation
 * code) and stays in the outbox. Never to the log: messages carry activation codes and reset links,
 * and logs travel further than the data folder. A delivery failure is recorded and logged, never
 * shown to the member as a crash.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Database;
  log: FastifyBaseLogger;
  /** Where messages are written when there is no SMTP_URL. */
  mailDir: string;
}): Mailer & { close(): void; unsentCount(): Promise<number> } {
  // nodemailer is loaded with the first message, not at start-up (issue 36). Without SMTP_URL the
  // file transport builds the same MIME message SMTP would carry, as a buffer to write to a file.
  const transports = loadOnce(() =>
    import('nodemailer').then(({ default: nodemailer }) => ({
      ...(options.smtpUrl ? { smtp: nodemailer.createTransport(options.smtpUrl) } : {}),
      file: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    })),
  );
  return {
    async send(email) {
      const [row] = await options.db
        .insert(emailOutbox)
        .values({
          userId: email.userId,
          recipient: email.to,
          subject: email.subject,
          textBody: email.text,
          htmlBody: email.html,
        })
        .returning({ id: emailOutbox.id });
      const message = {
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
      };
      const { smtp: transport, file: fileTransport } = await transports();
      if (!transport) {
        try {
          const built = await fileTransport.sendMail(message);
          await mkdir(options.mailDir, { recursive: true });
          const file = path.join(options.mailDir, mailFileName(row?.id ?? 0, new Date()));
          await writeFile(file, built.message as Buffer, { mode: 0o600 });
          options.log.info({ file }, 'e-mail written to a file (no SMTP_URL)');
        } catch (error) {
          options.log.error({ err: error }, 'e-mail could not be written to a file');
        }
        return;
      }
      try {
        await transport.sendMail(message);
        if (row)
          await options.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
      } catch (error) {
        // The account and the outbox row, never the address: the row holds it for whoever must act.
        options.log.error({ err: error, userId: email.userId, outboxId: row?.id }, 'e-mail delivery failed');
        if (row)
          await options.db
            .update(emailOutbox)
            .set({ error: error instanceof Error ? error.message : String(error) })
            .where(eq(emailOutbox.id, row.id));
        if (email.throwOnFailure) throw error;
      }
    },
    async forget(outboxIds) {
      const forgotten = new Set(outboxIds);
      let names: string[];
      try {
        names = await readdir(options.mailDir);
      } catch (error) {
        // Never written one (SMTP_URL set from the start): nothing to forget.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      const matching = names.filter((name) => forgotten.has(outboxIdOfMailFile(name) ?? -1));
      for (const name of matching) await rm(path.join(options.mailDir, name), { force: true });
      return matching.length;
    },
    /** E-mails recorded but not delivered (all of them without SMTP_URL), for the metrics. */
    async unsentCount() {
      const [row] = await options.db
        .select({ value: count() })
        .from(emailOutbox)
        .where(isNull(emailOutbox.sentAt));
      return row?.value ?? 0;
    },
    close() {
      void transports.ifLoaded()?.then(({ smtp }) => smtp?.close());
    },
  };
}
