import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nextPageUrl } from '../../lib/paging';
import type { RequireAuth } from '../../plugins/authenticate';
import type { ModerationService } from './moderation.service';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const IdParams = z.object({ id });
const ContentParams = z.object({ type: z.enum(['post', 'comment', 'image', 'gallery_comment']), id });
const paging = {
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
const QueueQuery = z.object({ ...paging, status: z.enum(['open', 'resolved']).default('open') });
const PageQuery = z.object(paging);

type Audit = (
  admin: { id: number; email: string },
  entry: { action: string; targetType: string; targetId: number; details?: Record<string, unknown> },
) => Promise<unknown>;

/**
 * Moderation for administrators under /api/admin/ (each action audited), and the member's own
 * notices at /api/avisos/ (not named by the spec, like the reports they answer).
 */
export function registerModerationRoutes(
  app: FastifyInstance,
  deps: {
    service: ModerationService;
    requireAuth: RequireAuth;
    /** The administrators' preHandler (401 anonymous, 403 members). */
    requireAdmin: RequireAuth;
    audit: Audit;
  },
) {
  const { service, audit } = deps;
  const admin = { preHandler: deps.requireAdmin };

  app.get('/api/admin/reports/', admin, async (request) => {
    const { status, limit, offset } = QueueQuery.parse(request.query);
    const { results, more } = await service.queue(status, limit, offset);
    return {
      results,
      next: nextPageUrl('/api/admin/reports/', { status, limit, offset: offset + limit }, more),
    };
  });

  app.post('/api/admin/reports/:id/dismiss/', admin, async (request) => {
    const reportId = IdParams.parse(request.params).id;
    const report = await service.dismiss(reportId);
    await audit(request.admin, {
      action: 'report.dismiss',
      targetType: 'report',
      targetId: reportId,
      details: { target_type: report.targetType, target_id: report.targetId },
    });
    return { status: 'resolved', outcome: 'dismissed' };
  });

  app.post('/api/admin/reports/:id/hide/', admin, async (request) => {
    const reportId = IdParams.parse(request.params).id;
    const { report, authorId, closed } = await service.hide(reportId);
    await audit(request.admin, {
      action: 'content.hide',
      targetType: report.targetType,
      targetId: report.targetId,
      details: { report_id: reportId, author_id: authorId, reports_closed: closed },
    });
    return { status: 'resolved', outcome: 'hidden' };
  });

  app.post('/api/admin/reports/:id/suspend/', admin, async (request) => {
    const reportId = IdParams.parse(request.params).id;
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
    return { status: 'resolved', outcome: 'suspended', member_id: memberId };
  });

  app.post('/api/admin/content/:type/:id/restore/', admin, async (request) => {
    const { type, id: contentId } = ContentParams.parse(request.params);
    const { authorId } = await service.restore(type, contentId);
    await audit(request.admin, {
      action: 'content.restore',
      targetType: type,
      targetId: contentId,
      details: { author_id: authorId },
    });
    return { hidden: false };
  });

  app.get('/api/admin/members/suspended/', admin, async (request) => {
    const { limit, offset } = PageQuery.parse(request.query);
    const { results, more } = await service.suspendedMembers(limit, offset);
    return {
      results,
      next: nextPageUrl('/api/admin/members/suspended/', { limit, offset: offset + limit }, more),
    };
  });

  app.post('/api/admin/members/:id/suspend/', admin, async (request) => {
    const memberId = IdParams.parse(request.params).id;
    await service.suspend(memberId);
    await audit(request.admin, { action: 'member.suspend', targetType: 'member', targetId: memberId });
    return { suspended: true };
  });

  app.post('/api/admin/members/:id/reactivate/', admin, async (request) => {
    const memberId = IdParams.parse(request.params).id;
    await service.reactivate(memberId);
    await audit(request.admin, { action: 'member.reactivate', targetType: 'member', targetId: memberId });
    return { suspended: false };
  });

  app.get('/api/avisos/', { preHandler: deps.requireAuth }, async (request) =>
    service.notices(request.userId),
  );

  app.post('/api/avisos/:id/leido/', { preHandler: deps.requireAuth }, async (request, reply) => {
    await service.markNoticeRead(request.userId, IdParams.parse(request.params).id);
    return reply.status(204).send();
  });
}
