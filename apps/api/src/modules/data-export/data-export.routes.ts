import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestLanguage } from '../../i18n/messages';
import type { RequireAuth } from '../../plugins/authenticate';
import type { DataExportService } from './data-export.service';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * The member's copy of their data (not named by the spec; GDPR Art. 20): ask for one, see how
 * it is going, download it. Only the member themself reaches their copy.
 */
export function registerDataExportRoutes(
  app: FastifyInstance,
  service: DataExportService,
  requireAuth: RequireAuth,
) {
  app.get('/api/mis-datos/exportacion/', { preHandler: requireAuth }, async (request) => ({
    export: await service.latest(request.userId),
  }));

  app.post('/api/mis-datos/exportacion/', { preHandler: requireAuth }, async (request, reply) =>
    reply
      .status(202)
      .send({ export: await service.request(request.userId, requestLanguage(request.headers)) }),
  );

  app.get('/api/mis-datos/exportacion/:id/archivo/', { preHandler: requireAuth }, async (request, reply) => {
    const { archive, createdAt } = await service.archive(request.userId, IdParams.parse(request.params).id);
    return reply
      .header('content-type', 'application/zip')
      .header(
        'content-disposition',
        `attachment; filename="juntos-my-data-${createdAt.toISOString().slice(0, 10)}.zip"`,
      )
      .send(archive);
  });
}
