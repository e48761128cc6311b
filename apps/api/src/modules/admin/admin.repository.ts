import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { adminAuditLog, users } from '../../db/schema';

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
