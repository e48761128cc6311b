import type { FastifyInstance } from 'fastify';
import { supporterRoutes as routes } from '@juntos/domain';
import { requestLanguage } from '../../i18n/messages';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { SupportersService } from './supporters.service';

/** Supporters' grants (issue 37 point 1; not in the spec: docs/api.md "Supporters"). */
export function registerSupporterRoutes(
  app: FastifyInstance,
  service: SupportersService,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(routes.list, member, async (request) => service.list(request.userId));
  serve(routes.invite, member, async (request, reply) =>
    reply
      .status(201)
      .send(await service.invite(request.userId, request.body, requestLanguage(request.headers))),
  );
  serve(routes.change, member, async (request) =>
    service.change(request.userId, request.params.id, request.body.permissions),
  );
  serve(routes.end, member, async (request, reply) => {
    await service.end(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
  serve(routes.activity, member, async (request) => service.activity(request.userId, request.query.before));
  serve(routes.supporting, member, async (request) => service.supporting(request.userId));
  serve(routes.accept, member, async (request) => service.accept(request.userId, request.params.id));
  serve(routes.act, member, async (request) =>
    service.act(request.userId, request.sessionId, request.params.id),
  );
  serve(routes.leave, member, async (request, reply) => {
    await service.leave(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
}
