import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import {
  activationCodes,
  adminAuditLog,
  appSettings,
  chatMessages,
  dataExports,
  emailOutbox,
  passwordResetTokens,
  refreshTokens,
  reports,
  retainedRecords,
  users,
} from '../../db/schema';

/** The app_settings row that says which instance runs the retention pass, and until when. */
export const RETENTION_LEASE_KEY = 'retention.lease';

/**
 * The retention job's SQL: each purge deletes at most `batch` rows of one kind and answers how
 * many, so a pass never holds many row locks or a long transaction. `skip locked` leaves rows a
 * member's own action is changing right now to the next batch or pass.
 */
export function createRetentionRepository(db: Database) {
  /** Deletes up to `batch` rows of `table` matching `where`, chosen by `key`; how many. */
  async function deleteBatch(table: PgTable, key: PgColumn, where: SQL | undefined, batch: number) {
    const chosen = db
      .select({ key })
      .from(table)
      .where(where)
      .limit(batch)
      .for('update', { skipLocked: true });
    const rows = await db.delete(table).where(inArray(key, chosen)).returning({ key });
    return rows.length;
  }

  return {
    /**
     * Takes the lease, or extends it when `holder` has it already; false while another instance
     * holds an unexpired one. One statement, so two instances can never both win; the database's
     * clock decides expiry, so instances whose clocks differ still agree. A holder that crashed
     * stops extending it, and the next instance takes it once it expired.
     */
    async takeLease(holder: string, leaseMs: number) {
      const value = sql`jsonb_build_object('holder', ${holder}::text, 'expires_at', now() + ${leaseMs}::int * interval '1 millisecond')`;
      const rows = await db
        .insert(appSettings)
        .values({ key: RETENTION_LEASE_KEY, value, updatedAt: sql`now()` })
        .onConflictDoUpdate({
          target: appSettings.key,
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
          setWhere: sql`(${appSettings.value} ->> 'expires_at')::timestamptz < now()
            or ${appSettings.value} ->> 'holder' = ${holder}`,
        })
        .returning({ key: appSettings.key });
      return rows.length === 1;
    },

    /** Gives the lease back at the end of a pass, only if this holder still has it. */
    releaseLease: (holder: string) =>
      db
        .delete(appSettings)
        .where(
          and(eq(appSettings.key, RETENTION_LEASE_KEY), sql`${appSettings.value} ->> 'holder' = ${holder}`),
        ),

    /**
     * Ids above `after` of accounts created before `createdBefore` and never activated, lowest
     * first. An account whose activation code is still valid is left alone: its owner signed in
     * (which sends a new code) and may be typing it right now.
     */
    async unactivatedAccounts(createdBefore: Date, after: number, batch: number) {
      const codeStillValid = db
        .select({ userId: activationCodes.userId })
        .from(activationCodes)
        .where(and(eq(activationCodes.userId, users.id), gt(activationCodes.expiresAt, sql`now()`)));
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.isActive, false),
            isNull(users.activatedAt),
            lt(users.createdAt, createdBefore),
            gt(users.id, after),
            notExists(codeStillValid),
          ),
        )
        .orderBy(asc(users.id))
        .limit(batch);
      return rows.map((row) => row.id);
    },

    /** A member's copies of their data asked for before `createdBefore`, whatever their state. */
    purgeExportArchives: (createdBefore: Date, batch: number) =>
      deleteBatch(dataExports, dataExports.id, lt(dataExports.createdAt, createdBefore), batch),

    /** Copies still "preparing" since before `startedBefore`: the instance building them stopped. */
    async failAbandonedExports(startedBefore: Date, batch: number) {
      const abandoned = db
        .select({ id: dataExports.id })
        .from(dataExports)
        .where(and(eq(dataExports.status, 'preparing'), lt(dataExports.createdAt, startedBefore)))
        .limit(batch)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(dataExports)
        .set({ status: 'failed' })
        .where(inArray(dataExports.id, abandoned))
        .returning({ id: dataExports.id });
      return rows.length;
    },

    /**
     * Chat messages sent before `sentBefore`, except in conversations with an open report: the
     * moderators still need them (issue 16), and they follow the rule again once it is resolved.
     */
    purgeChatMessages(sentBefore: Date, batch: number) {
      const pair = sql`(least(${chatMessages.senderId}, ${chatMessages.receiverId}), greatest(${chatMessages.senderId}, ${chatMessages.receiverId}))`;
      const reportedMessage = db
        .select({
          a: sql`least(${chatMessages.senderId}, ${chatMessages.receiverId})`,
          b: sql`greatest(${chatMessages.senderId}, ${chatMessages.receiverId})`,
        })
        .from(reports)
        .innerJoin(chatMessages, eq(chatMessages.id, reports.targetId))
        .where(and(eq(reports.status, 'open'), eq(reports.targetType, 'chat_message')));
      const reportedConversation = db
        .select({
          a: sql`least(${reports.reporterId}, ${reports.targetId})`,
          b: sql`greatest(${reports.reporterId}, ${reports.targetId})`,
        })
        .from(reports)
        .where(and(eq(reports.status, 'open'), eq(reports.targetType, 'chat_conversation')));
      return deleteBatch(
        chatMessages,
        chatMessages.id,
        and(
          lt(chatMessages.createdAt, sentBefore),
          sql`${pair} not in (${reportedMessage} union ${reportedConversation})`,
        ),
        batch,
      );
    },

    /** The platform's copies of e-mails written before `writtenBefore`, sent or not. */
    purgeSentEmails: (writtenBefore: Date, batch: number) =>
      deleteBatch(emailOutbox, emailOutbox.id, lt(emailOutbox.createdAt, writtenBefore), batch),

    /** Sessions that expired or were ended (signed out, rotated away by theft detection) before `endedBefore`. */
    purgeEndedSessions: (endedBefore: Date, batch: number) =>
      deleteBatch(
        refreshTokens,
        refreshTokens.id,
        or(lt(refreshTokens.expiresAt, endedBefore), lt(refreshTokens.revokedAt, endedBefore)),
        batch,
      ),

    /** Password reset links used or expired before `endedBefore`. */
    purgeResetTokens: (endedBefore: Date, batch: number) =>
      deleteBatch(
        passwordResetTokens,
        passwordResetTokens.id,
        or(lt(passwordResetTokens.expiresAt, endedBefore), lt(passwordResetTokens.usedAt, endedBefore)),
        batch,
      ),

    /** Activation codes that expired before `expiredBefore` (the member can ask for a new one). */
    purgeActivationCodes: (expiredBefore: Date, batch: number) =>
      deleteBatch(
        activationCodes,
        activationCodes.userId,
        lt(activationCodes.expiresAt, expiredBefore),
        batch,
      ),

    /** Reports the moderators resolved before `resolvedBefore`; open ones stay whatever their age. */
    purgeResolvedReports: (resolvedBefore: Date, batch: number) =>
      deleteBatch(
        reports,
        reports.id,
        and(
          eq(reports.status, 'resolved'),
          isNotNull(reports.resolvedAt),
          lt(reports.resolvedAt, resolvedBefore),
        ),
        batch,
      ),

    /**
     * Audit entries written before `writtenBefore`. The log refuses DELETE (migration 0018) except
     * in a transaction that says it is the privacy maintenance, so each batch is one such
     * transaction and nothing else ever runs with the setting on.
     */
    purgeAuditEntries: (writtenBefore: Date, batch: number) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('juntos.privacy_maintenance', 'on', true)`);
        const chosen = tx
          .select({ id: adminAuditLog.id })
          .from(adminAuditLog)
          .where(lt(adminAuditLog.createdAt, writtenBefore))
          .limit(batch)
          .for('update', { skipLocked: true });
        const rows = await tx
          .delete(adminAuditLog)
          .where(inArray(adminAuditLog.id, chosen))
          .returning({ id: adminAuditLog.id });
        return rows.length;
      }),

    /** Pseudonymised records (consent proof, withdrawals) whose period ended before `now`. */
    purgeRetainedRecords: (now: Date, batch: number) =>
      deleteBatch(retainedRecords, retainedRecords.id, lt(retainedRecords.retainUntil, now), batch),
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
