import type { FastifyInstance } from 'fastify';
import { resourceRoutes } from '@juntos/domain';
import { requestLanguage } from '../../i18n/messages';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { WordCloudService } from './word-cloud.service';

/** The word cloud of declared diseases in the caller's language (dashboard, /recursos/nube-palabras). */
export function registerWordCloudRoutes(
  app: FastifyInstance,
  service: WordCloudService,
  requireAuth: RequireAuth,
) {
  routeServer(app)(resourceRoutes.wordCloud, { preValidation: requireAuth }, async (request) =>
    service.cloudFor(requestLanguage(request.headers)),
  );
}
