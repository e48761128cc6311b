import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WITHDRAWAL_STATUSES, type Withdrawal, type WithdrawalStatus } from '@juntos/domain';
import { notFound, AppError } from '../../lib/app-error';
import type { AdminRepository } from './admin.repository';
import type { createRequireAdmin } from './require-admin';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Page = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const AuditQuery = z.object({
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const WithdrawalQuery = Page.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() });
const Transition = z.discriminatedUnion('status', [
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

export type AdminWithdrawals = {
  find(id: number): Promise<Withdrawal | undefined>;
  list(status: WithdrawalStatus | undefined, limit: number, offset: number): Promise<unknown[]>;
  transition(
    id: number,
    status: WithdrawalStatus,
    notes: { payoutReference?: string; rejectionReason?: string },
  ): Promise<Withdrawal | undefined>;
};

/**
 * The operators' API (issue "Operating the platform"): everything under /api/admin/ needs an
 * administrator, and every change is written to the audit log with who, what and on what.
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  deps: {
    repository: AdminRepository;
    requireAdmin: ReturnType<typeof createRequireAdmin>;
    withdrawals: AdminWithdrawals;
  },
) {
  const admin = { preHandler: deps.requireAdmin };

  app.get('/api/admin/dashboard/', admin, async () => deps.repository.dashboard());

  app.get('/api/admin/audit/', admin, async (request) => {
    const { before, limit } = AuditQuery.parse(request.query);
    const rows = await deps.repository.audit(before, limit);
    return {
      results: rows.map((row) => ({
        id: row.id,
        admin_id: row.adminId,
        admin_email: row.adminEmail,
        action: row.action,
        target_type: row.targetType,
        target_id: row.targetId,
        details: row.details,
        created_at: row.createdAt.toISOString(),
      })),
      next: rows.length === limit ? `/api/admin/audit/?before=${rows.at(-1)?.id}&limit=${limit}` : null,
    };
  });

  app.get('/api/admin/withdrawals/', admin, async (request) => {
    const { status, limit, offset } = WithdrawalQuery.parse(request.query);
    return deps.withdrawals.list(status, limit, offset);
  });

  app.post('/api/admin/withdrawals/:id/status/', admin, async (request) => {
    const withdrawalId = z.object({ id }).parse(request.params).id;
    const transition = Transition.parse(request.body);
    const notes =
      transition.status === 'paid'
        ? { payoutReference: transition.reference }
        : transition.status === 'rejected'
          ? { rejectionReason: transition.reason }
          : {};
    const changed = await deps.withdrawals.transition(withdrawalId, transition.status, notes);
    if (!changed) {
      if (!(await deps.withdrawals.find(withdrawalId))) throw notFound();
      throw new AppError(409, 'invalid_transition', 'admin.errors.invalid_transition');
    }
    await deps.repository.record(request.admin, {
      action: `withdrawal.${transition.status}`,
      targetType: 'withdrawal',
      targetId: withdrawalId,
      details: notes,
    });
    return changed;
  });
}
