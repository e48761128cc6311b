import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReportSchema,
  HIDEABLE_TARGET_TYPES,
  IdParams,
  MemberNoticeSchema,
  MemberSuspensionSchema,
  REPORT_STATUSES,
  ReportResolutionSchema,
  RestoredContentSchema,
  SuspendedMemberSchema,
  pageOf,
  pageQuery,
  recordId,
} from '@juntos/domain';
import { nextPageUrl } from '../../lib/paging';
import type { RequireAuth } from '../../plugins/authenticate';
import { CONTENT_HIDE_ACTION } from './moderation.repository';
import type { ModerationService } from './moderation.service';
import type { Moderator, RequireModerator } from './require-moderator';

const ContentParams = z.object({ type: z.enum(HIDEABLE_TARGET_TYPES), id: recordId });
const Paging = pageQuery({ defaultLimit: 25, maxLimit: 100 });
const QueueQuery = Paging.extend({ status: z.enum(REPORT_STATUSES).default('open') });

type Audit = (
  admin: { id: number; email: string },
  entry: { action: string; targetType: string; targetId: number; details?: Record<string, unknown> },
) => Promise<unknown>;

/** An entry of the audit log with the moderator as its actor; a community moderator's is marked so. */
export const auditAs = (audit: Audit, moderator: Moderator, entry: Parameters<Audit>[1]) =>
  audit(moderator, {
    ...entry,
    details: moderator.scope.everything ? entry.details : { ...entry.details, community_moderator: true },
  });

/**
 * Moderation under /api/admin/ (each action audited), and the member's own notices at /api/avisos/
 * (not named by the spec, like the reports they answer). Community moderators (issue 18) share
 * the queue, dismissing, hiding and restoring, for their communities' posts and comments;
 * suspensions stay with administrators.
 */
export function registerModerationRoutes(
  app: FastifyInstance,
  deps: {
    service: ModerationService;
    requireAuth: RequireAuth;
    /** The administrators' check (401 anonymous, 403 members), run before the input is judged. */
    requireAdmin: RequireAuth;
    /** Administrators or community moderators (401 anonymous, 403 other members). */
    requireModerator: RequireModerator;
    audit: Audit;
  },
) {
  const { service, audit } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preValidation: deps.requireAdmin };
  const moderator = { preValidation: deps.requireModerator };
  const member = { preValidation: deps.requireAuth };
  const tags = ['moderation'];

  routes.get(
    '/api/admin/reports/',
    {
      ...moderator,
      schema: {
        tags,
        summary:
          'The report queue, open or resolved, with each reported item as it is now (a community moderator sees their communities’ reports)',
        querystring: QueueQuery,
        response: { 200: pageOf(AdminReportSchema) },
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      const { results, more } = await service.queue(request.moderator.scope, status, limit, offset);
      return {
        results,
        next: nextPageUrl('/api/admin/reports/', { status, limit, offset: offset + limit }, more),
      };
    },
  );

  routes.post(
    '/api/admin/reports/:id/dismiss/',
    {
      ...moderator,
      schema: {
        tags,
        summary: 'Dismiss a report (its reporter is told)',
        params: IdParams,
        response: { 200: ReportResolutionSchema },
      },
    },
    async (request) => {
      const reportId = request.params.id;
      const report = await service.dismiss(request.moderator.scope, reportId);
      await auditAs(audit, request.moderator, {
        action: 'report.dismiss',
        targetType: 'report',
        targetId: reportId,
        details: { target_type: report.targetType, target_id: report.targetId },
      });
      return { status: 'resolved' as const, outcome: 'dismissed' as const };
    },
  );

  routes.post(
    '/api/admin/reports/:id/hide/',
    {
      ...moderator,
      schema: {
        tags,
        summary: 'Hide the reported item (its reporters and author are told)',
        params: IdParams,
        response: { 200: ReportResolutionSchema },
      },
    },
    async (request) => {
      const reportId = request.params.id;
      const { report, authorId, closed } = await service.hide(request.moderator.scope, reportId);
      await auditAs(audit, request.moderator, {
        action: CONTENT_HIDE_ACTION,
        targetType: report.targetType,
        targetId: report.targetId,
        details: { report_id: reportId, author_id: authorId, reports_closed: closed },
      });
      return { status: 'resolved' as const, outcome: 'hidden' as const };
    },
  );

  routes.post(
    '/api/admin/reports/:id/suspend/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Suspend the reported member, or the author of the reported item',
        params: IdParams,
        response: { 200: ReportResolutionSchema },
      },
    },
    async (request) => {
      const reportId = request.params.id;
      const { report, memberId, closed } = await service.suspendFromReport(reportId);
      await audit(request.admin, {
        action: 'member.suspend',
        targetType: 'member',
        targetId: memberId,
        details: {
          report_id: reportId,
          target_type: report.targetType,
          target_id: report.targetId,
          reports_closed: closed,
        },
      });
      return { status: 'resolved' as const, outcome: 'suspended' as const, member_id: memberId };
    },
  );

  routes.post(
    '/api/admin/content/:type/:id/restore/',
    {
      ...moderator,
      schema: {
        tags,
        summary: 'Show a hidden item again (its author is told)',
        params: ContentParams,
        response: { 200: RestoredContentSchema },
      },
    },
    async (request) => {
      const { type, id: contentId } = request.params;
      const { authorId } = await service.restore(request.moderator.scope, type, contentId);
      await auditAs(audit, request.moderator, {
        action: 'content.restore',
        targetType: type,
        targetId: contentId,
        details: { author_id: authorId },
      });
      return { hidden: false as const };
    },
  );

  routes.get(
    '/api/admin/members/suspended/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Suspended members, most recently suspended first',
        querystring: Paging,
        response: { 200: pageOf(SuspendedMemberSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { results, more } = await service.suspendedMembers(limit, offset);
      return {
        results,
        next: nextPageUrl('/api/admin/members/suspended/', { limit, offset: offset + limit }, more),
      };
    },
  );

  routes.post(
    '/api/admin/members/:id/suspend/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Suspend a member (their sessions end at once)',
        params: IdParams,
        response: { 200: MemberSuspensionSchema },
      },
    },
    async (request) => {
      const memberId = request.params.id;
      await service.suspend(memberId);
      await audit(request.admin, { action: 'member.suspend', targetType: 'member', targetId: memberId });
      return { suspended: true };
    },
  );

  routes.post(
    '/api/admin/members/:id/reactivate/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Lift a suspension',
        params: IdParams,
        response: { 200: MemberSuspensionSchema },
      },
    },
    async (request) => {
      const memberId = request.params.id;
      await service.reactivate(memberId);
      await audit(request.admin, { action: 'member.reactivate', targetType: 'member', targetId: memberId });
      return { suspended: false };
    },
  );

  routes.get(
    '/api/avisos/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Your notices from the platform (report outcomes, hidden content, exports)',
        response: { 200: z.array(MemberNoticeSchema) },
      },
    },
    async (request) => service.notices(request.userId),
  );

  routes.post(
    '/api/avisos/:id/leido/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Mark a notice as read',
        params: IdParams,
        response: { 204: z.null().describe('Marked as read') },
      },
    },
    async (request, reply) => {
      await service.markNoticeRead(request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
