import type { FastifyInstance } from 'fastify';
import { translationRoutes as routes } from '@juntos/domain';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { TranslationServiceApi } from './translation.service';

/** Translation on the operator's server (issue 37 point 4; not in the spec: docs/api.md "Translation"). */
export function registerTranslationRoutes(
  app: FastifyInstance,
  service: TranslationServiceApi,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(routes.service, member, async () => service.status());
  serve(routes.translate, member, async (request) => service.translate(request.userId, request.body));
}
