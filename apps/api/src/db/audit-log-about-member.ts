import { sql, type SQL } from 'drizzle-orm';
import { adminAuditLog, withdrawals } from './schema';

/**
 * The one definition of the audit entries about a member: the data copy shows them (Art. 15),
 * the erasure pseudonymises them (Art. 17) and the erasure test scans for what is left of them.
 * Written once because three copies had already drifted apart. Each place an entry can name the
 * member is its own condition, since the erasure rewrites each place differently; every one is
 * served by an index of migration 0018 (the report's target through the `target_type` prefix).
 * The entries a member made as an administrator (`admin_id`) are theirs, not about them.
 */
export function auditLogAboutMember(userId: number) {
  const id = String(userId);
  /** A decision on their account (suspension, reactivation, approval, age group). */
  const account = sql`(${adminAuditLog.targetType} = 'member' and ${adminAuditLog.targetId} = ${id})`;
  /** A decision on one of their payouts; the withdrawal's id is the entry's target. */
  const payout = sql`(${adminAuditLog.targetType} = 'withdrawal' and ${adminAuditLog.targetId} in (
    select ${withdrawals.id}::text from ${withdrawals} where ${withdrawals.userId} = ${userId}))`;
  /** A decision on content they wrote (hidden, restored): its author is in the details. */
  const authored = sql`(${adminAuditLog.details} ? 'author_id' and ${adminAuditLog.details} ->> 'author_id' = ${id})`;
  /**
   * The settlement of a report about them or their conversation: the report's target is in the
   * details of its dismissal (target_type 'report') and of a suspension decided from it
   * (target_type 'member'), the only entries that carry one.
   */
  const reported = sql`(${adminAuditLog.targetType} in ('report', 'member')
    and ${adminAuditLog.details} ->> 'target_type' in ('member', 'chat_conversation')
    and ${adminAuditLog.details} ->> 'target_id' = ${id})`;
  const any: SQL = sql`(${account} or ${payout} or ${authored} or ${reported})`;
  return { account, payout, authored, reported, any };
}
