import { z } from 'zod';
import { WITHDRAWAL_STATUSES } from './earnings';
import { WithdrawalRecordSchema } from './monetization';

/** Answers and requests of the operators' API under /api/admin/ (issue "Operating the platform"). */

export const AdminDashboardSchema = z.object({
  members: z.object({ adults: z.number(), minors: z.number() }),
  active_today: z.number(),
  posts: z.number(),
  messages_last_day: z.number(),
  open_reports: z.number(),
  pending_withdrawals: z.object({ count: z.number(), euro_total: z.number() }),
});
export type AdminDashboard = z.output<typeof AdminDashboardSchema>;

/** A withdrawal with what an operator needs to pay it: the member and the payout details. */
export const AdminWithdrawalSchema = WithdrawalRecordSchema.extend({
  member_id: z.number(),
  member_email: z.string(),
  payout: z.record(z.string(), z.string()),
  payout_reference: z.string().nullable(),
  rejection_reason: z.string().nullable(),
});
export type AdminWithdrawal = z.output<typeof AdminWithdrawalSchema>;

/** A withdrawal's next step: a payment's reference and a refusal's reason are required. */
export const WithdrawalTransitionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('processing') }),
  z.object({
    status: z.literal('paid'),
    reference: z
      .string({ error: 'admin.errors.reference_required' })
      .trim()
      .min(1, 'admin.errors.reference_required')
      .max(200),
  }),
  z.object({
    status: z.literal('rejected'),
    reason: z
      .string({ error: 'admin.errors.reason_required' })
      .trim()
      .min(1, 'admin.errors.reason_required')
      .max(500),
  }),
]);
export type WithdrawalTransition = z.input<typeof WithdrawalTransitionSchema>;

export const WithdrawalStatusFilterSchema = z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional() });

/** One line of the audit log: who did what, on what. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  admin_id: z.number(),
  admin_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.output<typeof AuditEntrySchema>;

/** A directory entry as the editor reads and writes it (`descripcion` per language). */
export const DirectoryRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  pais: z.string(),
  ciudad: z.string(),
  descripcion: z.record(z.string(), z.string().optional()),
  enlace: z.string(),
});
export type DirectoryRow = z.output<typeof DirectoryRowSchema>;
export type DirectoryValues = Omit<DirectoryRow, 'id'>;

/** The ad network settings in force: the client id (empty: test slots) and slot ids per key. */
export const AdSettingsSchema = z.object({ client: z.string(), slots: z.record(z.string(), z.string()) });
export type AdSettings = z.output<typeof AdSettingsSchema>;
