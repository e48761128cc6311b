import type { FastifyInstance } from 'fastify';
import { negotiateLanguage, researchRoutes as routes } from '@juntos/domain';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { ResearchService } from './research.service';

/**
 * The member's research consent and "For you" view, every answer about the caller alone; and a
 * research project's numbers and call, for its confirmed representatives (banded counts only).
 */
export function registerResearchRoutes(
  app: FastifyInstance,
  service: ResearchService,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(routes.consent, member, async (request) => service.consent(request.userId));
  serve(routes.giveConsent, member, async (request) =>
    service.giveConsent(
      request.userId,
      request.body.scope,
      negotiateLanguage(request.headers['accept-language']),
    ),
  );
  serve(routes.withdrawConsent, member, async (request) => service.withdrawConsent(request.userId));
  serve(routes.forYou, member, async (request) =>
    service.forYou(request.userId, negotiateLanguage(request.headers['accept-language'])),
  );
  serve(routes.reach, member, async (request) => service.reach(request.userId, request.params.id));
  serve(routes.postCall, member, async (request, reply) =>
    reply
      .status(201)
      .send(
        await service.postCall(
          request.userId,
          request.params.id,
          request.body.text,
          negotiateLanguage(request.headers['accept-language']),
        ),
      ),
  );
  serve(routes.withdrawCall, member, async (request) =>
    service.withdrawCall(request.userId, request.params.id),
  );
}
