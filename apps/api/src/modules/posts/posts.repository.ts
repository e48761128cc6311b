import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { containsPattern } from '../../lib/paging';
import { posts, profiles } from '../../db/schema';
import { visibleTo } from '../../db/visibility';
import { createEngagementRepository } from '../engagement';

/** The most recent comments a post carries in a page; older ones stay counted in comments_count. */
export const COMMENTS_PER_POST = 50;

export type PostRow = Awaited<ReturnType<ReturnType<typeof createPostsRepository>['page']>>[number];

/**
 * Data access of posts. A page of posts is two statements whatever it holds: the posts with
 * their author, counts and the viewer's like (correlated sub-selects inside one query), then the
 * recent comments of those posts (one windowed query). Likes and comments are the engagement
 * module's, shared with every kind of content.
 */
export function createPostsRepository(db: Database) {
  const engagement = createEngagementRepository(db);

  /**
   * Only posts whose author the viewer may reach (db/safeguarding.ts) are chosen; the rule's
   * member lists are gathered once per statement, not per post skipped.
   * The page is chosen from `posts` alone first (an index range in creation order, even deep in
   * the feed), and only its few rows are joined with their author and counted; joining first
   * would make the database sort every post on each request.
   */
  const page = (viewerId: number, where: SQL | undefined, limit: number, offset: number) => {
    const chosen = db
      .select()
      .from(posts)
      .where(and(where, visibleTo(viewerId, posts.authorId, posts.hiddenAt)))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit)
      .offset(offset)
      .as('chosen');
    return db
      .select({
        id: chosen.id,
        authorId: chosen.authorId,
        title: chosen.title,
        text: chosen.text,
        imageKey: chosen.imageKey,
        imageAlt: chosen.imageAlt,
        country: chosen.country,
        hiddenAt: chosen.hiddenAt,
        createdAt: chosen.createdAt,
        nombre: profiles.nombre,
        apellidos: profiles.apellidos,
        photoKey: profiles.photoKey,
        authorCountry: profiles.country,
        ...engagement.counts('post', viewerId, chosen.id),
      })
      .from(chosen)
      .leftJoin(profiles, eq(profiles.userId, chosen.authorId))
      .orderBy(desc(chosen.createdAt), desc(chosen.id));
  };

  return {
    page,
    feed: (viewerId: number, options: { limit: number; offset: number; country?: string | undefined }) =>
      page(
        viewerId,
        options.country ? eq(posts.country, options.country) : undefined,
        options.limit,
        options.offset,
      ),
    search: (viewerId: number, query: string, limit: number, offset: number) =>
      page(
        viewerId,
        or(ilike(posts.title, containsPattern(query)), ilike(posts.text, containsPattern(query))),
        limit,
        offset,
      ),
    one: async (viewerId: number, postId: number) => (await page(viewerId, eq(posts.id, postId), 1, 0))[0],

    /** A post by id whatever its visibility (the service applies the rules). */
    async find(postId: number) {
      const [row] = await db.select().from(posts).where(eq(posts.id, postId)).limit(1);
      return row;
    },

    async authorCountry(userId: number) {
      const [row] = await db
        .select({ country: profiles.country })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      return row?.country ?? null;
    },

    async create(values: typeof posts.$inferInsert) {
      const [row] = await db.insert(posts).values(values).returning({ id: posts.id });
      if (!row) throw new Error('insert returned nothing');
      return row.id;
    },

    update: (postId: number, values: Partial<typeof posts.$inferInsert>) =>
      db
        .update(posts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(posts.id, postId)),

    remove: (postId: number) => db.delete(posts).where(eq(posts.id, postId)),

    engagement,
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
