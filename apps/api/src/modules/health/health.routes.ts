import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema, HealthResponseSchema } from '@juntos/domain';
import { AppError } from '../../lib/app-error';
import type { DatabaseHandle } from '../../db/database';

/** Liveness and readiness in one: answers ok only after a real database round trip. */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and readiness: ok only after a database round trip',
        response: { 200: HealthResponseSchema, 503: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'database_unavailable', 'errors.service_unavailable');
      }
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, db: 'ok' as const };
    },
  );
}
