import type { FastifyInstance } from 'fastify';
import { monetizationRoutes as routes } from '@juntos/domain';
import { requestLanguage } from '../../i18n/messages';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { MonetizationService } from './monetization.service';

/**
 * Spec §7 "Monetisation and ads", declared in `monetizationRoutes` of the domain (decision 0036).
 * `POST /api/ads/impressions/` (the earning call) is not named by the spec: docs/api.md defines
 * an impression.
 */
export function registerMonetizationRoutes(
  app: FastifyInstance,
  service: MonetizationService,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(routes.status, member, async (request) => service.status(request.userId));
  serve(routes.activate, member, async (request) =>
    service.activate(request.userId, request.body?.consent, requestLanguage(request.headers)),
  );
  serve(routes.deactivate, member, async (request) => service.deactivate(request.userId));
  serve(routes.profile, member, async (request) => service.profile(request.userId));
  serve(routes.saveProfile, member, async (request) => service.saveProfile(request.userId, request.body));
  serve(routes.withdraw, member, async (request, reply) =>
    reply.status(201).send(await service.withdraw(request.userId, request.body)),
  );
  serve(routes.history, member, async (request) => service.history(request.userId));

  serve(routes.adStats, member, async (request) => service.stats(request.userId));
  serve(routes.adSlots, member, async (request) => service.slots(request.userId));
  serve(routes.impression, member, async (request) =>
    service.impression(request.userId, request.body?.slot_key),
  );
}
