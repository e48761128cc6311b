import type { FastifyInstance } from 'fastify';
import { muteRoutes as routes } from '@juntos/domain';
import { requestLanguage } from '../../i18n/messages';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { MutesService } from './mutes.service';

/** Muting members and communities (issue 37 point 3; not in the spec: docs/api.md "Muting"). */
export function registerMuteRoutes(app: FastifyInstance, service: MutesService, requireAuth: RequireAuth) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(routes.list, member, async (request) =>
    service.list(request.userId, requestLanguage(request.headers)),
  );
  serve(routes.muteMember, member, async (request, reply) => {
    await service.muteMember(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
  serve(routes.unmuteMember, member, async (request, reply) => {
    await service.unmuteMember(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
  serve(routes.muteCommunity, member, async (request, reply) => {
    await service.muteCommunity(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
  serve(routes.unmuteCommunity, member, async (request, reply) => {
    await service.unmuteCommunity(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
  serve(routes.addKeyword, member, async (request, reply) =>
    reply.status(201).send(await service.addKeyword(request.userId, request.body)),
  );
  serve(routes.removeKeyword, member, async (request, reply) => {
    await service.removeKeyword(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
}
