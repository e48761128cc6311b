import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { firstRowOf, type Database } from '../../db/database';
import {
  adminAuditLog,
  chatMessages,
  posts,
  refreshTokens,
  reports,
  users,
  withdrawals,
} from '../../db/schema';

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId: string | number;
  details?: Record<string, unknown>;
};

/** Administrators and their audit log (append-only: there is no update or delete here). */
export function createAdminRepository(db: Database) {
  return {
    async adminById(userId: number) {
      const [row] = await db
        .select({ id: users.id, email: users.email, role: users.role, isActive: users.isActive })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.role === 'admin' && row.isActive ? row : undefined;
    },

    /** `npm run admin:create`: an existing, active account becomes an administrator. */
    async promote(email: string) {
      const [row] = await db
        .update(users)
        .set({ role: 'admin' })
        .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.isActive, true)))
        .returning({ id: users.id });
      return row;
    },

    record: (admin: { id: number; email: string }, entry: AuditEntry) =>
      db.insert(adminAuditLog).values({
        adminId: admin.id,
        adminEmail: admin.email,
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        details: entry.details ?? {},
      }),

    /**
     * The operators' dashboard in one statement. "Active today" is a member who signed in or
     * renewed a session since midnight (UTC); messages are those sent in the last 24 hours, all
     * of them (signing out only hides a member's own copy; the purge takes them after
     * CHAT_MESSAGE_RETENTION_DAYS).
     */
    async dashboard() {
      const count = (query: ReturnType<typeof sql>) => sql<number>`(${query})::int`;
      const row = await firstRowOf<Record<string, number | string>>(
        db,
        sql`select
        ${count(sql`select count(*) from ${users} where ${users.isActive} and ${users.tipoRegistro} = 'adulto'`)} as adults,
        ${count(sql`select count(*) from ${users} where ${users.isActive} and ${users.tipoRegistro} = 'menor'`)} as minors,
        ${count(sql`select count(distinct ${refreshTokens.userId}) from ${refreshTokens} where ${refreshTokens.createdAt} >= date_trunc('day', now())`)} as active_today,
        ${count(sql`select count(*) from ${posts}`)} as posts,
        ${count(sql`select count(*) from ${chatMessages} where ${chatMessages.createdAt} >= now() - interval '1 day'`)} as messages_last_day,
        ${count(sql`select count(*) from ${reports} where ${reports.status} = 'open'`)} as open_reports,
        ${count(sql`select count(*) from ${withdrawals} where ${withdrawals.status} in ('pending', 'processing')`)} as pending_withdrawals,
        (select coalesce(sum(${withdrawals.tokenTenths}), 0) from ${withdrawals} where ${withdrawals.status} in ('pending', 'processing'))::bigint as pending_token_tenths`,
      );
      return {
        members: { adults: Number(row?.adults ?? 0), minors: Number(row?.minors ?? 0) },
        active_today: Number(row?.active_today ?? 0),
        posts: Number(row?.posts ?? 0),
        messages_last_day: Number(row?.messages_last_day ?? 0),
        open_reports: Number(row?.open_reports ?? 0),
        pending_withdrawals: {
          count: Number(row?.pending_withdrawals ?? 0),
          euro_total: Number(row?.pending_token_tenths ?? 0) / 1000,
        },
      };
    },

    /** Newest first, a page at a time: entries with an id below `beforeId`. */
    audit: (beforeId: number | undefined, limit: number) =>
      db
        .select()
        .from(adminAuditLog)
        .where(beforeId ? lt(adminAuditLog.id, beforeId) : undefined)
        .orderBy(desc(adminAuditLog.id))
        .limit(limit),
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
