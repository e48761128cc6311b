import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../i18n/messages';
import type { RequireAuth } from '../../plugins/authenticate';
import type { MonetizationService } from './monetization.service';

/**
 * Spec §7 "Monetisation and ads". `POST /api/ads/impressions/` (the earning call) is not named by
 * the spec: docs/api.md defines an impression.
 */
export function registerMonetizationRoutes(
  app: FastifyInstance,
  service: MonetizationService,
  requireAuth: RequireAuth,
) {
  const auth = { preHandler: requireAuth };
  app.get('/api/monetizacion/status/', auth, async (request) => service.status(request.userId));
  app.post('/api/monetizacion/activate/', auth, async (request) =>
    service.activate(
      request.userId,
      (request.body as { consent?: unknown } | undefined)?.consent,
      requestLanguage(request.headers),
    ),
  );
  app.delete('/api/monetizacion/activate/', auth, async (request) => service.deactivate(request.userId));
  app.get('/api/monetizacion/profile/', auth, async (request) => service.profile(request.userId));
  app.post('/api/monetizacion/profile/', auth, async (request) =>
    service.saveProfile(request.userId, request.body),
  );
  app.post('/api/monetizacion/withdrawals/', auth, async (request, reply) =>
    reply.status(201).send(await service.withdraw(request.userId, request.body)),
  );
  app.get('/api/monetizacion/withdrawals/history/', auth, async (request) => service.history(request.userId));

  app.get('/api/ads/stats/', auth, async (request) => service.stats(request.userId));
  app.get('/api/ads/slot/', auth, async (request) => service.slots(request.userId));
  app.post('/api/ads/impressions/', auth, async (request) =>
    service.impression(request.userId, (request.body as { slot_key?: unknown } | undefined)?.slot_key),
  );
}
