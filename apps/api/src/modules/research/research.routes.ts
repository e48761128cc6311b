import type { FastifyInstance } from 'fastify';
import { negotiateLanguage, researchRoutes as routes } from '@juntos/domain';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { ResearchService } from './research.service';

/** The member's research consent and "For you" view: every answer is about the caller alone. */
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
}
