import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  adminRoutes as routes,
  type DirectoryEntryInputSchema,
  type AdminWithdrawal,
  type DirectoryRow,
  type ResourceKind,
  type Withdrawal,
  type WithdrawalStatus,
} from '@juntos/domain';
import { notFound, AppError } from '../../lib/app-error';
import { routeServer } from '../../lib/serve-route';
import type { AdminRepository } from './admin.repository';
import type { createRequireAdmin } from './require-admin';

export type AdminWithdrawals = {
  find(id: number): Promise<Withdrawal | undefined>;
  list(status: WithdrawalStatus | undefined, limit: number, offset: number): Promise<AdminWithdrawal[]>;
  transition(
    id: number,
    status: WithdrawalStatus,
    notes: { payoutReference?: string; rejectionReason?: string },
  ): Promise<Withdrawal | undefined>;
};

export type DirectoryEditor = {
  list(kind: ResourceKind): Promise<DirectoryRow[]>;
  /** Checks an entry with the directory's rules; throws the validation error otherwise. */
  parse(body: unknown): z.output<typeof DirectoryEntryInputSchema>;
  create(kind: ResourceKind, values: ReturnType<DirectoryEditor['parse']>): Promise<number | undefined>;
  update(
    kind: ResourceKind,
    id: number,
    values: ReturnType<DirectoryEditor['parse']>,
  ): Promise<number | undefined>;
  remove(kind: ResourceKind, id: number): Promise<boolean>;
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
    directory: DirectoryEditor;
    ads: {
      current(): Promise<{ client: string | undefined; slots: Record<string, string> }>;
      save(body: unknown): Promise<{ client: string | undefined; slots: Record<string, string> }>;
    };
  },
) {
  const serve = routeServer(app);
  // Before validation: a member is told 403 whatever the input, as when handlers parsed it.
  const admin = { preValidation: deps.requireAdmin };

  serve(routes.dashboard, admin, async () => deps.repository.dashboard());

  serve(routes.audit, admin, async (request) => {
    const { before, limit } = request.query;
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
      next: rows.length === limit ? `${routes.audit.path}?before=${rows.at(-1)?.id}&limit=${limit}` : null,
    };
  });

  serve(routes.withdrawals, admin, async (request) => {
    const { status, limit, offset } = request.query;
    return deps.withdrawals.list(status, limit, offset);
  });

  serve(routes.moveWithdrawal, admin, async (request) => {
    const withdrawalId = request.params.id;
    const transition = request.body;
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

  serve(routes.directory, admin, async (request) => deps.directory.list(request.params.kind));
  serve(routes.addEntry, admin, async (request, reply) => {
    const { kind } = request.params;
    const values = deps.directory.parse(request.body);
    const created = await deps.directory.create(kind, values);
    if (created === undefined) throw new Error('the directory entry was not stored');
    await deps.repository.record(request.admin, {
      action: 'directory.create',
      targetType: kind,
      targetId: created,
      details: { name: values.name },
    });
    return reply.status(201).send({ id: created, ...values });
  });
  serve(routes.changeEntry, admin, async (request) => {
    const { kind, id: entryId } = request.params;
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
  serve(routes.deleteEntry, admin, async (request, reply) => {
    const { kind, id: entryId } = request.params;
    if (!(await deps.directory.remove(kind, entryId))) throw notFound();
    await deps.repository.record(request.admin, {
      action: 'directory.delete',
      targetType: kind,
      targetId: entryId,
    });
    return reply.status(204).send(null);
  });

  serve(routes.ads, admin, async () => {
    const settings = await deps.ads.current();
    return { client: settings.client ?? '', slots: settings.slots };
  });
  serve(routes.saveAds, admin, async (request) => {
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
