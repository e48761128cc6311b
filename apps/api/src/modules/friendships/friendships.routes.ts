import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REPORT_REASONS, REPORT_TARGET_TYPES } from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import type { RequireAuth } from '../../plugins/authenticate';
import type { FriendshipsService } from './friendships.service';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const IdParams = z.object({ id });
const ReportBody = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES, { error: 'report.errors.target' }),
  target_id: id,
  reason: z.enum(REPORT_REASONS, { error: 'report.errors.reason' }),
  details: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(2000, 'post.errors.too_long')),
});

/**
 * Friend requests, friends, blocks and reports (spec §7 "Friends and chat"). Unfollow, blocks and
 * reports are not named by the spec: `DELETE /api/amigos/{id}/`, `/api/bloqueos/…`, `/api/reportes/`.
 */
export function registerFriendshipRoutes(
  app: FastifyInstance,
  service: FriendshipsService,
  requireAuth: RequireAuth,
) {
  const detail = (request: { headers: Record<string, string | string[] | undefined> }, key: string) => ({
    detail: translate(requestLanguage(request.headers), key),
  });

  app.post('/api/solicitudes/enviar/:id/', { preHandler: requireAuth }, async (request, reply) => {
    const status = await service.send(request.userId, IdParams.parse(request.params).id);
    return reply
      .status(201)
      .send({ friendship_status: status, ...detail(request, `friends.sent_${status}`) });
  });
  app.delete('/api/solicitudes/cancelar/:id/', { preHandler: requireAuth }, async (request) => {
    await service.cancel(request.userId, IdParams.parse(request.params).id);
    return { friendship_status: 'none', ...detail(request, 'friends.cancelled') };
  });
  app.get('/api/solicitudes/', { preHandler: requireAuth }, async (request) =>
    service.received(request.userId),
  );
  app.post('/api/solicitudes/:id/aceptar/', { preHandler: requireAuth }, async (request) => {
    await service.answer(request.userId, IdParams.parse(request.params).id, true);
    return detail(request, 'friends.accepted');
  });
  app.delete('/api/solicitudes/:id/rechazar/', { preHandler: requireAuth }, async (request) => {
    await service.answer(request.userId, IdParams.parse(request.params).id, false);
    return detail(request, 'friends.rejected');
  });
  app.get('/api/amigos/', { preHandler: requireAuth }, async (request) => service.friends(request.userId));
  app.delete('/api/amigos/:id/', { preHandler: requireAuth }, async (request) => {
    await service.unfollow(request.userId, IdParams.parse(request.params).id);
    return { friendship_status: 'none', ...detail(request, 'friends.unfollowed') };
  });
  app.get('/api/notificaciones/amistad/', { preHandler: requireAuth }, async (request) => ({
    pendientes: await service.pendingCount(request.userId),
  }));

  app.get('/api/bloqueos/', { preHandler: requireAuth }, async (request) => service.blocked(request.userId));
  app.post('/api/bloqueos/:id/', { preHandler: requireAuth }, async (request, reply) => {
    await service.block(request.userId, IdParams.parse(request.params).id);
    return reply.status(201).send(detail(request, 'friends.blocked'));
  });
  app.delete('/api/bloqueos/:id/', { preHandler: requireAuth }, async (request) => {
    await service.unblock(request.userId, IdParams.parse(request.params).id);
    return detail(request, 'friends.unblocked');
  });

  app.post('/api/reportes/', { preHandler: requireAuth }, async (request, reply) => {
    const input = ReportBody.parse(request.body);
    const report = await service.report(request.userId, input);
    return reply.status(201).send({ id: report?.id, ...detail(request, 'report.received') });
  });
}
