import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema';

/** Gives a member the administrator role, as `npm run admin:create` does. */
export async function makeAdmin(app: FastifyInstance, userId: number) {
  await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
}
