import type { FastifyInstance } from 'fastify';
import { moderationRoutes as routes } from '@juntos/domain';
import { nextPageUrl } from '../../lib/paging';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import { CONTENT_HIDE_ACTION } from './moderation.repository';
import type { ModerationService } from './moderation.service';
import type { Moderator, RequireModerator } from './require-moderator';
import type { Audit } from '../../lib/audit';

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
  const serve = routeServer(app);
  const admin = { preValidation: deps.requireAdmin };
  const moderator = { preValidation: deps.requireModerator };
  const member = { preValidation: deps.requireAuth };

  serve(routes.queue, moderator, async (request) => {
    const { status, limit, offset } = request.query;
    const { results, more } = await service.queue(request.moderator.scope, status, limit, offset);
    return {
      results,
      next: nextPageUrl(routes.queue.path, { status, limit, offset: offset + limit }, more),
    };
  });

  serve(routes.dismiss, moderator, async (request) => {
    const reportId = request.params.id;
    const report = await service.dismiss(request.moderator.scope, reportId);
    await auditAs(audit, request.moderator, {
      action: 'report.dismiss',
      targetType: 'report',
      targetId: reportId,
      details: { target_type: report.targetType, target_id: report.targetId },
    });
    return { status: 'resolved' as const, outcome: 'dismissed' as const };
  });

  serve(routes.hide, moderator, async (request) => {
    const reportId = request.params.id;
    const { report, authorId, closed } = await service.hide(request.moderator.scope, reportId);
    await auditAs(audit, request.moderator, {
      action: CONTENT_HIDE_ACTION,
      targetType: report.targetType,
      targetId: report.targetId,
      details: { report_id: reportId, author_id: authorId, reports_closed: closed },
    });
    return { status: 'resolved' as const, outcome: 'hidden' as const };
  });

  serve(routes.suspendFromReport, admin, async (request) => {
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
  });

  serve(routes.restore, moderator, async (request) => {
    const { type, id: contentId } = request.params;
    const { authorId } = await service.restore(request.moderator.scope, type, contentId);
    await auditAs(audit, request.moderator, {
      action: 'content.restore',
      targetType: type,
      targetId: contentId,
      details: { author_id: authorId },
    });
    return { hidden: false as const };
  });

  serve(routes.suspended, admin, async (request) => {
    const { limit, offset } = request.query;
    const { results, more } = await service.suspendedMembers(limit, offset);
    return {
      results,
      next: nextPageUrl(routes.suspended.path, { limit, offset: offset + limit }, more),
    };
  });

  serve(routes.suspend, admin, async (request) => {
    const memberId = request.params.id;
    await service.suspend(memberId);
    await audit(request.admin, { action: 'member.suspend', targetType: 'member', targetId: memberId });
    return { suspended: true };
  });

  serve(routes.reactivate, admin, async (request) => {
    const memberId = request.params.id;
    await service.reactivate(memberId);
    await audit(request.admin, { action: 'member.reactivate', targetType: 'member', targetId: memberId });
    return { suspended: false };
  });

  serve(routes.notices, member, async (request) => service.notices(request.userId));

  serve(routes.markNoticeRead, member, async (request, reply) => {
    await service.markNoticeRead(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
}
