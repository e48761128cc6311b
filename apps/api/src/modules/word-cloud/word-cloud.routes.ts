import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../i18n/messages';
import type { RequireAuth } from '../../plugins/authenticate';
import type { WordCloudService } from './word-cloud.service';

/** The word cloud of declared diseases in the caller's language (dashboard, /recursos/nube-palabras). */
export function registerWordCloudRoutes(
  app: FastifyInstance,
  service: WordCloudService,
  requireAuth: RequireAuth,
) {
  app.get('/api/nube-palabras/', { preHandler: requireAuth }, async (request) =>
    service.cloudFor(requestLanguage(request.headers)),
  );
}
