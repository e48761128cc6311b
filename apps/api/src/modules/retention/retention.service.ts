import { randomUUID } from 'node:crypto';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { DAY_MS, RETENTION_DAYS } from '@juntos/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RetentionRepository } from './retention.repository';

/** Rows deleted per statement, so no batch holds many row locks or a long transaction. */
export const RETENTION_BATCH = 1000;
/**
 * Never-activated accounts chosen per batch. Each one is a whole erasure (one transaction over
 * every table naming the member), so batches are small and the lease is extended often.
 */
export const UNACTIVATED_ACCOUNT_BATCH = 100;
/**
 * How long a pass may run without extending its lease. Extended after every batch, so only a
 * holder that stopped (crashed, frozen) loses it; then another instance takes over.
 */
export const RETENTION_LEASE_MS = 10 * 60 * 1000;

/** How many records of each kind one pass removed (or, for abandoned copies, marked failed). */
export type RetentionCounts = {
  /** Accounts never activated, erased as a deleted account is (every table naming the member). */
  unactivatedAccounts: number;
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
export type RetentionKind = keyof RetentionCounts;

/** What one pass did: counts only, so whoever logs or prints it sees no content. */
export type RetentionOutcome = {
  purged: RetentionCounts;
  /** Kinds that threw: the pass went on with the others, and the next pass tries them again. */
  failed: RetentionKind[];
  /** Shutdown stopped the pass between two batches; the next pass goes on from there. */
  stopped: boolean;
};

export class RetentionLeaseLost extends Error {
  constructor() {
    super('Another instance took the retention lease during a pass; this one stopped');
    this.name = 'RetentionLeaseLost';
  }
}

/**
 * Deletes what is kept past its period (RETENTION_DAYS, issue 24): one pass purges every kind in
 * bounded batches and answers only counts. A lease in the shared database lets one instance at a
 * time run a pass.
 */
export function createRetentionService(deps: {
  repository: RetentionRepository;
  /**
   * Erases an account as the member's own deletion does (the erasure module); false when it was
   * gone already. Warning: irreversible.
   */
  eraseAccount: (userId: number) => Promise<boolean>;
  /** A data copy still "preparing" after this long was left by an instance that stopped. */
  abandonedExportAfterMs: number;
  /** Where e-mails are written as files without SMTP_URL (config.paths.mail). */
  mailDir: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => number;
  /** Names this instance in the lease; tests give two services their own. */
  holder?: string;
  leaseMs?: number;
}) {
  const { repository, log } = deps;
  const now = deps.now ?? Date.now;
  const holder = deps.holder ?? randomUUID();
  const leaseMs = deps.leaseMs ?? RETENTION_LEASE_MS;
  const daysAgo = (days: number) => new Date(now() - days * DAY_MS);

  async function keepLease() {
    if (!(await repository.takeLease(holder, leaseMs))) throw new RetentionLeaseLost();
  }

  /**
   * One kind's work in a pass: it reports what it removed as it goes (`tally`), so a kind that
   * fails half-way still counts what it did, and it ends early once `stop` is aborted.
   */
  type Purge = (tally: (removed: number) => void, stop: AbortSignal) => Promise<void>;

  /**
   * Repeats one purge until a batch comes back short or shutdown asks to stop, extending the
   * lease between batches: stopping there is safe, the next pass starts the kind again.
   */
  const drain =
    (purge: (batch: number) => Promise<number>): Purge =>
    async (tally, stop) => {
      for (;;) {
        const done = await purge(RETENTION_BATCH);
        tally(done);
        await keepLease();
        if (done < RETENTION_BATCH || stop.aborted) return;
      }
    };

  /** Files, not rows: what the mailer wrote before `writtenBefore` (by modification time). */
  const purgeEmailFiles =
    (writtenBefore: Date): Purge =>
    async (tally, stop) => {
      const names = await readdir(deps.mailDir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
        if (stop.aborted) return;
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
          tally(1);
      }
    };

  /**
   * Accounts nobody activated, erased one at a time through the erasure (the same transaction as
   * a member's own deletion). Walks ids upwards, so an account whose erasure fails is logged and
   * passed over, not retried for ever within the pass; the kind then counts as failed.
   */
  const eraseUnactivatedAccounts =
    (createdBefore: Date): Purge =>
    async (tally, stop) => {
      let after = 0;
      let failures = 0;
      for (;;) {
        const ids = await repository.unactivatedAccounts(createdBefore, after, UNACTIVATED_ACCOUNT_BATCH);
        for (const userId of ids) {
          if (stop.aborted) break;
          after = userId;
          try {
            if (await deps.eraseAccount(userId)) tally(1);
          } catch (error) {
            failures += 1;
            log.error({ err: error, userId }, 'Retention could not erase a never-activated account');
          }
        }
        await keepLease();
        if (ids.length < UNACTIVATED_ACCOUNT_BATCH || stop.aborted) break;
      }
      if (failures > 0) throw new Error(`${failures} never-activated accounts could not be erased`);
    };

  /** Every kind in the order a pass takes them; the type makes sure none is left out. */
  function purges(): Record<RetentionKind, Purge> {
    const endedBefore = daysAgo(RETENTION_DAYS.endedSession);
    const sentEmailsBefore = daysAgo(RETENTION_DAYS.sentEmail);
    return {
      // First: an erasure removes the account's sessions, codes and e-mails with it.
      unactivatedAccounts: eraseUnactivatedAccounts(daysAgo(RETENTION_DAYS.unactivatedAccount)),
      exportArchives: drain((batch) =>
        repository.purgeExportArchives(daysAgo(RETENTION_DAYS.exportArchive), batch),
      ),
      abandonedExports: drain((batch) =>
        repository.failAbandonedExports(new Date(now() - deps.abandonedExportAfterMs), batch),
      ),
      chatMessages: drain((batch) =>
        repository.purgeChatMessages(daysAgo(RETENTION_DAYS.chatMessage), batch),
      ),
      sentEmails: drain((batch) => repository.purgeSentEmails(sentEmailsBefore, batch)),
      emailFiles: purgeEmailFiles(sentEmailsBefore),
      endedSessions: drain((batch) => repository.purgeEndedSessions(endedBefore, batch)),
      resetTokens: drain((batch) => repository.purgeResetTokens(endedBefore, batch)),
      activationCodes: drain((batch) => repository.purgeActivationCodes(endedBefore, batch)),
      resolvedReports: drain((batch) =>
        repository.purgeResolvedReports(daysAgo(RETENTION_DAYS.resolvedReport), batch),
      ),
      auditEntries: drain((batch) => repository.purgeAuditEntries(daysAgo(RETENTION_DAYS.auditEntry), batch)),
      retainedRecords: drain((batch) => repository.purgeRetainedRecords(new Date(now()), batch)),
    };
  }

  async function purgeAll(stop: AbortSignal): Promise<RetentionOutcome> {
    const kinds = purges();
    const purged = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, 0])) as Record<
      RetentionKind,
      number
    >;
    const failed: RetentionKind[] = [];
    for (const [kind, purge] of Object.entries(kinds) as [RetentionKind, Purge][]) {
      if (stop.aborted) return { purged, failed, stopped: true };
      try {
        await purge((removed) => (purged[kind] += removed), stop);
      } catch (error) {
        // Another instance runs the pass now: going on would race it.
        if (error instanceof RetentionLeaseLost) throw error;
        // One kind's failure (a lock timeout, an unreadable mail folder) must not keep the
        // others past their period. The error is logged field by field: no row content.
        log.error({ err: error, kind }, 'Retention failed for one kind; the pass goes on with the others');
        failed.push(kind);
      }
    }
    return { purged, failed, stopped: stop.aborted };
  }

  return {
    /**
     * One pass over every kind; null when another instance holds the lease (its pass covers the
     * same rows). Throws RetentionLeaseLost if the lease was taken over mid-pass. `stop` (the
     * server's shutdown) ends the pass between two batches.
     */
    async runPass(stop: AbortSignal = new AbortController().signal): Promise<RetentionOutcome | null> {
      if (!(await repository.takeLease(holder, leaseMs))) return null;
      try {
        return await purgeAll(stop);
      } finally {
        await repository.releaseLease(holder);
      }
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
