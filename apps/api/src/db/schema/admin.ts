import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timeOfInsert } from './member-columns';

/**
 * What administrators did: who, what, when, on what. Rows are only ever added: a database trigger
 * (migration 0008) refuses UPDATE and DELETE, and the API has no call that changes them. The
 * administrator's id and e-mail are copied, not referenced, so the entry outlives the account.
 * Only the privacy maintenance may change them (migration 0018): account deletion pseudonymises
 * the entries about the member, and the retention job deletes entries past their period.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt),
    // The decisions about one member or item: their data copy and their erasure read these.
    index('admin_audit_log_target_idx').on(table.targetType, table.targetId),
    index('admin_audit_log_author_idx')
      .on(sql`(${table.details} ->> 'author_id')`)
      .where(sql`${table.details} ? 'author_id'`),
    index('admin_audit_log_admin_idx').on(table.adminId),
  ],
);
