import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  RESOURCE_KINDS,
  WITHDRAWAL_STATUSES,
  type ResourceKind,
  type Withdrawal,
  type WithdrawalStatus,
} from '@juntos/domain';
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

export type DirectoryEditor = {
  list(kind: ResourceKind): Promise<unknown[]>;
  /** Checks an entry with the directory's rules; throws the validation error otherwise. */
  parse(body: unknown): {
    name: string;
    pais: string;
    ciudad: string;
    enlace: string;
    descripcion: Record<string, string>;
  };
  create(kind: ResourceKind, values: ReturnType<DirectoryEditor['parse']>): Promise<number | undefined>;
  update(
    kind: ResourceKind,
    id: number,
    values: ReturnType<DirectoryEditor['parse']>,
  ): Promise<number | undefined>;
  remove(kind: ResourceKind, id: number): Promise<boolean>;
};

const KindParams = z.object({ kind: z.enum(RESOURCE_KINDS) });
const EntryParams = KindParams.extend({ id });

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
    directory: DirectoryEditor;
    ads: {
      current(): Promise<{ client: string | undefined; slots: Record<string, string> }>;
      save(body: unknown): Promise<{ client: string | undefined; slots: Record<string, string> }>;
    };
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

  app.get('/api/admin/recursos/:kind/', admin, async (request) =>
    deps.directory.list(KindParams.parse(request.params).kind),
  );
  app.post('/api/admin/recursos/:kind/', admin, async (request, reply) => {
    const { kind } = KindParams.parse(request.params);
    const values = deps.directory.parse(request.body);
    const created = await deps.directory.create(kind, values);
    await deps.repository.record(request.admin, {
      action: 'directory.create',
      targetType: kind,
      targetId: created ?? '',
      details: { name: values.name },
    });
    return reply.status(201).send({ id: created, ...values });
  });
  app.put('/api/admin/recursos/:kind/:id/', admin, async (request) => {
    const { kind, id: entryId } = EntryParams.parse(request.params);
    const values = deps.directory.parse(request.body);
    if (!(await deps.directory.update(kind, entryId, values))) throw notFound();
    await deps.repository.record(request.admin, {
      action: 'directory.update',
      targetType: kind,
      targetId: entryId,
      details: { name: values.name },
    });
    return { id: entryId, ...values };
  });
  app.delete('/api/admin/recursos/:kind/:id/', admin, async (request, reply) => {
    const { kind, id: entryId } = EntryParams.parse(request.params);
    if (!(await deps.directory.remove(kind, entryId))) throw notFound();
    await deps.repository.record(request.admin, {
      action: 'directory.delete',
      targetType: kind,
      targetId: entryId,
    });
    return reply.status(204).send();
  });

  app.get('/api/admin/ads/', admin, async () => {
    const settings = await deps.ads.current();
    return { client: settings.client ?? '', slots: settings.slots };
  });
  app.put('/api/admin/ads/', admin, async (request) => {
    const saved = await deps.ads.save(request.body);
    await deps.repository.record(request.admin, {
      action: 'ads.update',
      targetType: 'settings',
      targetId: 'ads',
      details: { client: saved.client ?? '', slots: saved.slots },
    });
    return { client: saved.client ?? '', slots: saved.slots };
  });
}
