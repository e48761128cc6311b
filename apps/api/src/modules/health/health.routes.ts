import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '@juntos/domain';
import { AppError } from '../../lib/app-error';
import type { DatabaseHandle } from '../../db/database';

/** Liveness and readiness in one: answers ok only after a real database round trip. */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.get('/api/health/', async (request, reply): Promise<HealthResponse> => {
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'database_unavailable', 'errors.service_unavailable');
    }
    void reply.header('cache-control', 'no-store');
    return { status: 'ok', db: 'ok' };
  });
}
