import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, IdParams, dataExportRoutes as routes } from '@juntos/domain';
import { requestLanguage } from '../../i18n/messages';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { DataExportService } from './data-export.service';

const tags = ['data-export'];

/**
 * The member's copy of their data (not named by the spec; GDPR Art. 20): ask for one, see how
 * it is going, download it. Only the member themself reaches their copy.
 */
export function registerDataExportRoutes(
  app: FastifyInstance,
  service: DataExportService,
  requireAuth: RequireAuth,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };

  const serve = routeServer(app);
  serve(routes.latest, member, async (request) => ({ export: await service.latest(request.userId) }));

  serve(routes.request, member, async (request, reply) =>
    reply
      .status(202)
      .send({ export: await service.request(request.userId, requestLanguage(request.headers)) }),
  );

  // Bytes, not JSON: its answer is not a zod schema, so this route keeps its own declaration.
  typed.get(
    '/api/mis-datos/exportacion/:id/archivo/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Downloads a ready copy (a ZIP archive)',
        params: IdParams,
        response: {
          200: {
            description: 'The ZIP archive',
            content: { 'application/zip': { schema: z.string().describe('binary') } },
          },
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { archive, createdAt } = await service.archive(request.userId, request.params.id);
      // Bytes, not JSON: sent past the serializer, the schema only documents them.
      return (reply as FastifyReply)
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="juntos-my-data-${createdAt.toISOString().slice(0, 10)}.zip"`,
        )
        .send(archive);
    },
  );
}
