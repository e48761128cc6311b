import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema, WordCloudSchema } from '@juntos/domain';
import { requestLanguage } from '../../i18n/messages';
import type { RequireAuth } from '../../plugins/authenticate';
import type { WordCloudService } from './word-cloud.service';

/** The word cloud of declared diseases in the caller's language (dashboard, /recursos/nube-palabras). */
export function registerWordCloudRoutes(
  app: FastifyInstance,
  service: WordCloudService,
  requireAuth: RequireAuth,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/nube-palabras/',
    {
      preValidation: requireAuth,
      schema: {
        tags: ['resources'],
        summary: "The word cloud of declared diseases, in the caller's language",
        security: [{ bearer: [] }],
        response: { 200: WordCloudSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => service.cloudFor(requestLanguage(request.headers)),
  );
}
