import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { friendships, rareDiseaseCodes, users } from '../../db/schema';
import { eq } from 'drizzle-orm';

/**
 * Routes that exist only when NODE_ENV=test, for behaviour that needs a controllable request:
 * a request still in flight when the process is told to stop, a body to parse, a crash, and
 * two members made friends for browser journeys that start after the friends feature's own, and a
 * disease code marked obsolete or not rare as an Orphadata import would.
 */
export function registerTestRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Not part of the API: `hide` leaves these out of the OpenAPI document.

  const SlowQuery = z.object({ ms: z.coerce.number().int().min(0).max(20_000) });
  routes.get('/api/__test__/slow/', { schema: { hide: true, querystring: SlowQuery } }, async (request) => {
    const { ms } = request.query;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { waited: ms };
  });

  const EchoBody = z.object({ text: z.string().max(2_000_000) });
  routes.post(
    '/api/__test__/echo/',
    { schema: { hide: true, body: EchoBody } },
    async (request) => request.body,
  );

  routes.get('/api/__test__/crash/', { schema: { hide: true } }, async () => {
    throw new Error('secret detail that must stay in the log');
  });

  const Friends = z.object({ a: z.number().int().positive(), b: z.number().int().positive() });
  routes.post(
    '/api/__test__/friendship/',
    { schema: { hide: true, body: Friends } },
    async (request, reply) => {
      const { a, b } = request.body;
      await app.database.db
        .insert(friendships)
        .values({ requesterId: a, addresseeId: b, status: 'accepted', acceptedAt: new Date() })
        .onConflictDoNothing();
      return reply.status(204).send();
    },
  );

  const DiseaseStatus = z.object({
    orphacode: z.number().int().positive(),
    status: z.enum(['active', 'obsoleto', 'no_raro']),
  });
  routes.post(
    '/api/__test__/disease-status/',
    { schema: { hide: true, body: DiseaseStatus } },
    async (request, reply) => {
      const { orphacode, status } = request.body;
      await app.database.db
        .insert(rareDiseaseCodes)
        .values({ orphacode, status })
        .onConflictDoUpdate({ target: rareDiseaseCodes.orphacode, set: { status } });
      return reply.status(204).send();
    },
  );

  // Administrators are made from the command line, which cannot open the running test server's
  // embedded database; journeys that need one use this.
  const Promote = z.object({ id: z.number().int().positive() });
  routes.post('/api/__test__/admin/', { schema: { hide: true, body: Promote } }, async (request, reply) => {
    const { id } = request.body;
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
    return reply.status(204).send();
  });
}
