import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema';

/** Gives a member the administrator role, as `npm run admin:create` does. */
export async function makeAdmin(app: FastifyInstance, userId: number) {
  await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
}

/** Marks a minor's account as checked by an administrator, as the review queue does. */
export async function approveMinor(app: FastifyInstance, userId: number) {
  await app.database.db.update(users).set({ minorReviewedAt: new Date() }).where(eq(users.id, userId));
}
