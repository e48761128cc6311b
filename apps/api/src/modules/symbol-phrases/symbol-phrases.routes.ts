import type { FastifyInstance } from 'fastify';
import { symbolPhraseRoutes as routes } from '@juntos/domain';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { SymbolPhrasesService } from './symbol-phrases.service';

/** The member's own phrases of the symbol board (issue 21; not in the spec: docs/api.md). */
export function registerSymbolPhraseRoutes(
  app: FastifyInstance,
  service: SymbolPhrasesService,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(routes.list, member, async (request) => service.list(request.userId));

  serve(routes.add, member, async (request, reply) =>
    reply.status(201).send(await service.add(request.userId, request.body)),
  );

  serve(routes.remove, member, async (request, reply) => {
    await service.remove(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
}
