import { z } from 'zod';
import {
  AdSettingsSchema,
  AdminDashboardSchema,
  AdminWithdrawalSchema,
  AuditEntrySchema,
  DirectoryRowSchema,
  WithdrawalStatusFilterSchema,
  WithdrawalTransitionSchema,
} from '../admin';
import { ApiErrorSchema } from '../errors';
import { AGE_GROUPS, AgeGroupAnswerSchema, MinorApprovedSchema, PendingMinorSchema } from '../minor-review';
import { WithdrawalRecordSchema } from '../monetization';
import { pageOf, pageQuery } from '../paging';
import { RESOURCE_KINDS } from '../resources';
import { IdParams, recordId } from '../route-parts';
import { defineRoute } from './define-route';

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
  [
    'name',
    'pais',
    'ciudad',
    'enlace',
    'descripcion',
    'orphacodes',
    'paises',
    'estudio_clinico',
    'recluta',
    'recluta_hasta',
  ],
  'An entry: name, a catalogue country (pais), one of its cities (ciudad), an https link (enlace), ' +
    'descripcion per language code, the ORPHA codes (orphacodes) and countries (paises) it is about ' +
    '(a list, or text separated by commas), and for research projects whether it is a clinical ' +
    'study (estudio_clinico), recruits (recluta) and until when (recluta_hasta, YYYY-MM-DD).',
);
const AdSettingsBody = checkedByPort(
  ['client', 'slots'],
  'The ad client id (empty: test slots) and the slot id per slot key.',
);

const KindParams = z.object({ kind: z.enum(RESOURCE_KINDS) });
const EntryParams = KindParams.extend({ id: recordId });
const AgeGroupBody = z.object({
  age_group: z.enum(AGE_GROUPS, { error: 'admin.errors.age_group_required' }),
});
const refusals = { 401: ApiErrorSchema, 403: ApiErrorSchema };

const tags = ['admin'];

/**
 * The operators' API (issue "Operating the platform"): everything under /api/admin/ needs an
 * administrator, and every change is written to the audit log. The review of minors' accounts
 * (decision 0011) is here too; moderation is `moderationRoutes`.
 */
export const adminRoutes = {
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/admin/dashboard/',
    tags,
    summary: 'Members, activity, reports and withdrawals at a glance',
    responses: { 200: AdminDashboardSchema },
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/api/admin/audit/',
    tags,
    summary: 'The audit log, newest first (`before`: the last id already shown)',
    query: AuditQuery,
    responses: { 200: pageOf(AuditEntrySchema) },
  }),
  withdrawals: defineRoute({
    method: 'GET',
    path: '/api/admin/withdrawals/',
    tags,
    summary: 'Withdrawals to pay, optionally of one status, with the payout details',
    query: WithdrawalQuery,
    responses: { 200: z.array(AdminWithdrawalSchema) },
  }),
  moveWithdrawal: defineRoute({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/status/',
    tags,
    summary: "Move a withdrawal on: processing, paid (with the payment's reference) or rejected (with why)",
    params: IdParams,
    body: WithdrawalTransitionSchema,
    responses: { 200: WithdrawalRecordSchema },
  }),
  directory: defineRoute({
    method: 'GET',
    path: '/api/admin/recursos/:kind/',
    tags,
    summary: 'The entries of one directory list, with their texts in every language',
    params: KindParams,
    responses: { 200: z.array(DirectoryRowSchema) },
  }),
  addEntry: defineRoute({
    method: 'POST',
    path: '/api/admin/recursos/:kind/',
    tags,
    summary: 'Add a directory entry',
    params: KindParams,
    body: DirectoryEntryBody,
    responses: { 201: DirectoryRowSchema },
  }),
  changeEntry: defineRoute({
    method: 'PUT',
    path: '/api/admin/recursos/:kind/:id/',
    tags,
    summary: 'Change a directory entry',
    params: EntryParams,
    body: DirectoryEntryBody,
    responses: { 200: DirectoryRowSchema },
  }),
  deleteEntry: defineRoute({
    method: 'DELETE',
    path: '/api/admin/recursos/:kind/:id/',
    tags,
    summary: 'Delete a directory entry',
    params: EntryParams,
    responses: { 204: z.null().describe('Deleted') },
  }),
  ads: defineRoute({
    method: 'GET',
    path: '/api/admin/ads/',
    tags,
    summary: 'The ad network settings in force',
    responses: { 200: AdSettingsSchema },
  }),
  saveAds: defineRoute({
    method: 'PUT',
    path: '/api/admin/ads/',
    tags,
    summary: 'Change the ad network settings (shared by every instance)',
    body: AdSettingsBody,
    responses: { 200: AdSettingsSchema },
  }),
  pendingMinors: defineRoute({
    method: 'GET',
    path: '/api/admin/minors/',
    tags,
    summary: "Minors' accounts waiting for review, oldest first",
    query: pageQuery({ defaultLimit: 25, maxLimit: 100 }),
    responses: { 200: pageOf(PendingMinorSchema), 400: ApiErrorSchema, ...refusals },
  }),
  approveMinor: defineRoute({
    method: 'POST',
    path: '/api/admin/minors/:id/approve/',
    tags,
    summary: "Approves a minor's account after review",
    params: IdParams,
    responses: { 200: MinorApprovedSchema, 404: ApiErrorSchema, ...refusals },
  }),
  setAgeGroup: defineRoute({
    method: 'PUT',
    path: '/api/admin/members/:id/age-group/',
    tags,
    summary: "Sets an account's age group",
    params: IdParams,
    body: AgeGroupBody,
    responses: { 200: AgeGroupAnswerSchema, 400: ApiErrorSchema, 404: ApiErrorSchema, ...refusals },
  }),
};
