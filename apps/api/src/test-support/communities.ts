import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { communities } from '../db/schema';

/**
 * A topic community of its own, named by a random slug that starts with `slugPrefix`: the
 * PostgreSQL run shares one database between test files, so no two tests may share a community.
 */
export async function createTopicCommunity(app: FastifyInstance, slugPrefix: string) {
  const slug = `${slugPrefix}-${randomUUID()}`;
  const [row] = await app.database.db
    .insert(communities)
    .values({ kind: 'topic', slug, name: { es: slug }, description: { es: slug } })
    .returning({ id: communities.id });
  if (!row) throw new Error('no community');
  return row.id;
}
