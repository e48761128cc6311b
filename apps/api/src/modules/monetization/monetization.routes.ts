import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { monetizationAccounts } from '../../db/schema';
import type { RequireAuth } from '../../plugins/authenticate';

/** Whether the member takes part in the opt-in earnings programme (dashboard badge, spec §7). */
export function registerMonetizationRoutes(app: FastifyInstance, db: Database, requireAuth: RequireAuth) {
  app.get('/api/monetizacion/status/', { preHandler: requireAuth }, async (request) => {
    const [account] = await db
      .select({ activated: monetizationAccounts.activated })
      .from(monetizationAccounts)
      .where(eq(monetizationAccounts.userId, request.userId))
      .limit(1);
    return { activated: account?.activated ?? false };
  });
}
