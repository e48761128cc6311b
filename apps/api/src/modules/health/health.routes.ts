import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, HealthResponseSchema } from '@juntos/domain';
import { AppError } from '../../lib/app-error';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-outage';
import type { DatabaseHandle } from '../../db/database';

/**
 * The shared shape plus the overload guard's state, for operators and load balancers: an
 * overloaded instance still answers here (200), and says that it refuses other requests and why.
 */
const HealthWithPressureSchema = HealthResponseSchema.extend({
  pressure: z.object({
    overloaded: z.boolean(),
    reasons: z.array(z.enum(['event_loop_delay', 'heap_used', 'database_waiting'])),
    eventLoopDelayMs: z.number(),
    heapUsedBytes: z.number(),
    databaseWaiting: z.number(),
  }),
});

/** Liveness and readiness in one: answers ok only after a real database round trip. */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and readiness: ok only after a database round trip; overload state',
        response: { 200: HealthWithPressureSchema, 503: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      try {
        await database.ping();
      } catch (error) {
        // A load balancer asks every few seconds: the outage is logged once, not at each check.
        app.databaseOutage.noticed(error);
        throw new AppError(503, 'database_unavailable', 'errors.service_unavailable', {
          headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        });
      }
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, db: 'ok' as const, pressure: app.pressure() };
    },
  );
}
