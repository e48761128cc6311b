import { randomUUID } from 'node:crypto';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { RETENTION_DAYS } from '@juntos/domain';
import type { RetentionRepository } from './retention.repository';

/** Rows deleted per statement, so no batch holds many row locks or a long transaction. */
export const RETENTION_BATCH = 1000;
/**
 * How long a pass may run without extending its lease. Extended after every batch, so only a
 * holder that stopped (crashed, frozen) loses it; then another instance takes over.
 */
export const RETENTION_LEASE_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How many records of each kind one pass removed (or, for abandoned copies, marked failed). */
export type RetentionCounts = {
  exportArchives: number;
  abandonedExports: number;
  chatMessages: number;
  sentEmails: number;
  /** `.eml` copies in DATA_DIR/mail, written when there is no SMTP server. */
  emailFiles: number;
  endedSessions: number;
  resetTokens: number;
  activationCodes: number;
  resolvedReports: number;
  auditEntries: number;
  retainedRecords: number;
};

export class RetentionLeaseLost extends Error {
  constructor() {
    super('Another instance took the retention lease during a pass; this one stopped');
    this.name = 'RetentionLeaseLost';
  }
}

/**
 * Deletes what is kept past its period (RETENTION_DAYS, issue 24): one pass purges every kind in
 * bounded batches and answers only counts, so whoever logs or prints the result sees no content.
 * A lease in the shared database lets one instance at a time run a pass.
 */
export function createRetentionService(deps: {
  repository: RetentionRepository;
  /** A data copy still "preparing" after this long was left by an instance that stopped. */
  abandonedExportAfterMs: number;
  /** Where e-mails are written as files without SMTP_URL (config.paths.mail). */
  mailDir: string;
  now?: () => number;
  /** Names this instance in the lease; tests give two services their own. */
  holder?: string;
  leaseMs?: number;
}) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;
  const holder = deps.holder ?? randomUUID();
  const leaseMs = deps.leaseMs ?? RETENTION_LEASE_MS;
  const daysAgo = (days: number) => new Date(now() - days * DAY_MS);

  async function keepLease() {
    if (!(await repository.takeLease(holder, leaseMs))) throw new RetentionLeaseLost();
  }

  /** Repeats one purge until a batch comes back short, extending the lease between batches. */
  async function drain(purge: (batch: number) => Promise<number>) {
    let total = 0;
    for (;;) {
      const done = await purge(RETENTION_BATCH);
      total += done;
      await keepLease();
      if (done < RETENTION_BATCH) return total;
    }
  }

  /** Files, not rows: what the mailer wrote before `writtenBefore` (by modification time). */
  async function purgeEmailFiles(writtenBefore: Date) {
    const names = await readdir(deps.mailDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    let removed = 0;
    for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
      const file = path.join(deps.mailDir, name);
      const written = await stat(file).catch(() => undefined);
      if (!written || written.mtime >= writtenBefore) continue;
      // Another instance sharing the folder may have removed it first: that is fine.
      if (
        await unlink(file).then(
          () => true,
          () => false,
        )
      )
        removed += 1;
    }
    return removed;
  }

  async function purgeAll(): Promise<RetentionCounts> {
    const endedBefore = daysAgo(RETENTION_DAYS.endedSession);
    const sentEmailsBefore = daysAgo(RETENTION_DAYS.sentEmail);
    return {
      exportArchives: await drain((batch) =>
        repository.purgeExportArchives(daysAgo(RETENTION_DAYS.exportArchive), batch),
      ),
      abandonedExports: await drain((batch) =>
        repository.failAbandonedExports(new Date(now() - deps.abandonedExportAfterMs), batch),
      ),
      chatMessages: await drain((batch) =>
        repository.purgeChatMessages(daysAgo(RETENTION_DAYS.chatMessage), batch),
      ),
      sentEmails: await drain((batch) => repository.purgeSentEmails(sentEmailsBefore, batch)),
      emailFiles: await purgeEmailFiles(sentEmailsBefore),
      endedSessions: await drain((batch) => repository.purgeEndedSessions(endedBefore, batch)),
      resetTokens: await drain((batch) => repository.purgeResetTokens(endedBefore, batch)),
      activationCodes: await drain((batch) => repository.purgeActivationCodes(endedBefore, batch)),
      resolvedReports: await drain((batch) =>
        repository.purgeResolvedReports(daysAgo(RETENTION_DAYS.resolvedReport), batch),
      ),
      auditEntries: await drain((batch) =>
        repository.purgeAuditEntries(daysAgo(RETENTION_DAYS.auditEntry), batch),
      ),
      retainedRecords: await drain((batch) => repository.purgeRetainedRecords(new Date(now()), batch)),
    };
  }

  return {
    /**
     * One pass over every kind; null when another instance holds the lease (its pass covers the
     * same rows). Throws RetentionLeaseLost if the lease was taken over mid-pass.
     */
    async runPass(): Promise<RetentionCounts | null> {
      if (!(await repository.takeLease(holder, leaseMs))) return null;
      try {
        return await purgeAll();
      } finally {
        await repository.releaseLease(holder);
      }
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
