import { z } from 'zod';
import {
  AdminReportSchema,
  HIDEABLE_TARGET_TYPES,
  MemberNoticeSchema,
  MemberSuspensionSchema,
  REPORT_STATUSES,
  ReportResolutionSchema,
  RestoredContentSchema,
  SuspendedMemberSchema,
} from '../moderation';
import { pageOf, pageQuery } from '../paging';
import { IdParams, recordId } from '../route-parts';
import { defineRoute } from './define-route';

const ContentParams = z.object({ type: z.enum(HIDEABLE_TARGET_TYPES), id: recordId });
const Paging = pageQuery({ defaultLimit: 25, maxLimit: 100 });
const QueueQuery = Paging.extend({ status: z.enum(REPORT_STATUSES).default('open') });

const tags = ['moderation'];

/**
 * Moderation under /api/admin/ (each action audited), and the member's own notices at /api/avisos/
 * (not named by the spec, like the reports they answer). Community moderators (issue 18) share
 * the queue, dismissing, hiding and restoring; suspensions stay with administrators.
 */
export const moderationRoutes = {
  queue: defineRoute({
    method: 'GET',
    path: '/api/admin/reports/',
    tags,
    summary:
      'The report queue, open or resolved, with each reported item as it is now (a community moderator sees their communities’ reports)',
    query: QueueQuery,
    responses: { 200: pageOf(AdminReportSchema) },
  }),
  dismiss: defineRoute({
    method: 'POST',
    path: '/api/admin/reports/:id/dismiss/',
    tags,
    summary: 'Dismiss a report (its reporter is told)',
    params: IdParams,
    responses: { 200: ReportResolutionSchema },
  }),
  hide: defineRoute({
    method: 'POST',
    path: '/api/admin/reports/:id/hide/',
    tags,
    summary: 'Hide the reported item (its reporters and author are told)',
    params: IdParams,
    responses: { 200: ReportResolutionSchema },
  }),
  suspendFromReport: defineRoute({
    method: 'POST',
    path: '/api/admin/reports/:id/suspend/',
    tags,
    summary: 'Suspend the reported member, or the author of the reported item',
    params: IdParams,
    responses: { 200: ReportResolutionSchema },
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/api/admin/content/:type/:id/restore/',
    tags,
    summary: 'Show a hidden item again (its author is told)',
    params: ContentParams,
    responses: { 200: RestoredContentSchema },
  }),
  suspended: defineRoute({
    method: 'GET',
    path: '/api/admin/members/suspended/',
    tags,
    summary: 'Suspended members, most recently suspended first',
    query: Paging,
    responses: { 200: pageOf(SuspendedMemberSchema) },
  }),
  suspend: defineRoute({
    method: 'POST',
    path: '/api/admin/members/:id/suspend/',
    tags,
    summary: 'Suspend a member (their sessions end at once)',
    params: IdParams,
    responses: { 200: MemberSuspensionSchema },
  }),
  reactivate: defineRoute({
    method: 'POST',
    path: '/api/admin/members/:id/reactivate/',
    tags,
    summary: 'Lift a suspension',
    params: IdParams,
    responses: { 200: MemberSuspensionSchema },
  }),
  notices: defineRoute({
    method: 'GET',
    supporterScope: 'profile',
    path: '/api/avisos/',
    tags,
    summary: 'Your notices from the platform (report outcomes, hidden content, exports)',
    responses: { 200: z.array(MemberNoticeSchema) },
  }),
  markNoticeRead: defineRoute({
    method: 'POST',
    supporterScope: 'profile',
    path: '/api/avisos/:id/leido/',
    tags,
    summary: 'Mark a notice as read',
    params: IdParams,
    responses: { 204: z.null().describe('Marked as read') },
  }),
};
