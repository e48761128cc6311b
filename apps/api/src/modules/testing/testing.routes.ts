import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Routes that exist only when NODE_ENV=test, for behaviour that needs a controllable request,
 * such as a request still in flight when the process is told to stop.
 */
export function registerTestRoutes(app: FastifyInstance) {
  const SlowQuery = z.object({ ms: z.coerce.number().int().min(0).max(20_000) });
  app.get('/api/__test__/slow/', async (request) => {
    const { ms } = SlowQuery.parse(request.query);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { waited: ms };
  });
}
