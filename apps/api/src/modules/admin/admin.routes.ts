import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdSettingsSchema,
  AdminDashboardSchema,
  AdminWithdrawalSchema,
  AuditEntrySchema,
  DirectoryRowSchema,
  IdParams,
  RESOURCE_KINDS,
  WithdrawalRecordSchema,
  WithdrawalStatusFilterSchema,
  WithdrawalTransitionSchema,
  pageOf,
  pageQuery,
  recordId,
  type AdminWithdrawal,
  type DirectoryRow,
  type ResourceKind,
  type Withdrawal,
  type WithdrawalStatus,
} from '@juntos/domain';
import { notFound, AppError } from '../../lib/app-error';
import type { AdminRepository } from './admin.repository';
import type { createRequireAdmin } from './require-admin';

const AuditQuery = z.object({
  before: recordId.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const WithdrawalQuery = pageQuery({ defaultLimit: 50, maxLimit: 200 }).extend(
  WithdrawalStatusFilterSchema.shape,
);

/**
 * The shape of a body whose rules the port itself applies (with their own messages): each field
 * is only named here, so the route's check never answers before those rules do.
 */
const checkedByPort = <Key extends string>(keys: readonly Key[], description: string) =>
  z
    .object(Object.fromEntries(keys.map((key) => [key, z.unknown()])) as Record<Key, z.ZodUnknown>)
    .partial()
    .describe(description);
const DirectoryEntryBody = checkedByPort(
  ['name', 'pais', 'ciudad', 'enlace', 'descripcion'],
  'An entry: name, a catalogue country (pais), one of its cities (ciudad), an https link (enlace), ' +
    'and descripcion per language code.',
);
const AdSettingsBody = checkedByPort(
  ['client', 'slots'],
  'The ad client id (empty: test slots) and the slot id per slot key.',
);

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
const EntryParams = KindParams.extend({ id: recordId });

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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Before validation: a member is told 403 whatever the input, as when handlers parsed it.
  const admin = { preValidation: deps.requireAdmin };
  const tags = ['admin'];

  routes.get(
    '/api/admin/dashboard/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Members, activity, reports and withdrawals at a glance',
        response: { 200: AdminDashboardSchema },
      },
    },
    async () => deps.repository.dashboard(),
  );

  routes.get(
    '/api/admin/audit/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The audit log, newest first (`before`: the last id already shown)',
        querystring: AuditQuery,
        response: { 200: pageOf(AuditEntrySchema) },
      },
    },
    async (request) => {
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
        next: rows.length === limit ? `/api/admin/audit/?before=${rows.at(-1)?.id}&limit=${limit}` : null,
      };
    },
  );

  routes.get(
    '/api/admin/withdrawals/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Withdrawals to pay, optionally of one status, with the payout details',
        querystring: WithdrawalQuery,
        response: { 200: z.array(AdminWithdrawalSchema) },
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      return deps.withdrawals.list(status, limit, offset);
    },
  );

  routes.post(
    '/api/admin/withdrawals/:id/status/',
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Move a withdrawal on: processing, paid (with the payment's reference) or rejected (with why)",
        params: IdParams,
        body: WithdrawalTransitionSchema,
        response: { 200: WithdrawalRecordSchema },
      },
    },
    async (request) => {
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
    },
  );

  routes.get(
    '/api/admin/recursos/:kind/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The entries of one directory list, with their texts in every language',
        params: KindParams,
        response: { 200: z.array(DirectoryRowSchema) },
      },
    },
    async (request) => deps.directory.list(request.params.kind),
  );
  routes.post(
    '/api/admin/recursos/:kind/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add a directory entry',
        params: KindParams,
        body: DirectoryEntryBody,
        response: { 201: DirectoryRowSchema },
      },
    },
    async (request, reply) => {
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
    },
  );
  routes.put(
    '/api/admin/recursos/:kind/:id/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Change a directory entry',
        params: EntryParams,
        body: DirectoryEntryBody,
        response: { 200: DirectoryRowSchema },
      },
    },
    async (request) => {
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
    },
  );
  routes.delete(
    '/api/admin/recursos/:kind/:id/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a directory entry',
        params: EntryParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const { kind, id: entryId } = request.params;
      if (!(await deps.directory.remove(kind, entryId))) throw notFound();
      await deps.repository.record(request.admin, {
        action: 'directory.delete',
        targetType: kind,
        targetId: entryId,
      });
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/admin/ads/',
    {
      ...admin,
      schema: { tags, summary: 'The ad network settings in force', response: { 200: AdSettingsSchema } },
    },
    async () => {
      const settings = await deps.ads.current();
      return { client: settings.client ?? '', slots: settings.slots };
    },
  );
  routes.put(
    '/api/admin/ads/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Change the ad network settings (shared by every instance)',
        body: AdSettingsBody,
        response: { 200: AdSettingsSchema },
      },
    },
    async (request) => {
      const saved = await deps.ads.save(request.body);
      await deps.repository.record(request.admin, {
        action: 'ads.update',
        targetType: 'settings',
        targetId: 'ads',
        details: { client: saved.client ?? '', slots: saved.slots },
      });
      return { client: saved.client ?? '', slots: saved.slots };
    },
  );
}
