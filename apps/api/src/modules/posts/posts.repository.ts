import { and, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { containsPattern } from '../../lib/paging';
import { postComments, postLikes, posts, profiles } from '../../db/schema';
import { visibleTo } from '../../db/visibility';

/** The most recent comments a post carries in a page; older ones stay counted in comments_count. */
export const COMMENTS_PER_POST = 50;

export type PostRow = Awaited<ReturnType<ReturnType<typeof createPostsRepository>['page']>>[number];
export type CommentRow = Awaited<ReturnType<ReturnType<typeof createPostsRepository>['commentsOf']>>[number];

/**
 * Data access of posts. A page of posts is two statements whatever it holds: the posts with
 * their author, counts and the viewer's like (correlated sub-selects inside one query), then the
 * recent comments of those posts (one windowed query).
 */
export function createPostsRepository(db: Database) {
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
        likes: sql<number>`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${chosen.id})`,
        comments: sql<number>`(select count(*)::int from ${postComments} where ${postComments.postId} = ${chosen.id} and ${visibleTo(viewerId, postComments.authorId, postComments.hiddenAt)})`,
        liked: sql<boolean>`exists(select 1 from ${postLikes} where ${postLikes.postId} = ${chosen.id} and ${postLikes.userId} = ${viewerId})`,
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

    async commentsOf(viewerId: number, postIds: number[]) {
      if (postIds.length === 0) return [];
      const ranked = db
        .select({
          id: postComments.id,
          postId: postComments.postId,
          authorId: postComments.authorId,
          text: postComments.text,
          hiddenAt: postComments.hiddenAt,
          createdAt: postComments.createdAt,
          nombre: profiles.nombre,
          apellidos: profiles.apellidos,
          rank: sql<number>`row_number() over (partition by ${postComments.postId} order by ${postComments.createdAt} desc, ${postComments.id} desc)`.as(
            'rank',
          ),
        })
        .from(postComments)
        .leftJoin(profiles, eq(profiles.userId, postComments.authorId))
        .where(
          and(
            inArray(postComments.postId, postIds),
            visibleTo(viewerId, postComments.authorId, postComments.hiddenAt),
          ),
        )
        .as('ranked');
      return db
        .select()
        .from(ranked)
        .where(lte(ranked.rank, COMMENTS_PER_POST))
        .orderBy(ranked.postId, ranked.createdAt, ranked.id);
    },

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

    /** Likes or unlikes; concurrent likes by many members all count (one row per member). */
    async toggleLike(postId: number, userId: number) {
      const removed = await db
        .delete(postLikes)
        .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
        .returning({ postId: postLikes.postId });
      if (removed.length === 0) await db.insert(postLikes).values({ postId, userId }).onConflictDoNothing();
      const [total] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(postLikes)
        .where(eq(postLikes.postId, postId));
      return { liked: removed.length === 0, total: total?.count ?? 0 };
    },

    async addComment(postId: number, authorId: number, text: string) {
      const [row] = await db.insert(postComments).values({ postId, authorId, text }).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async nameOf(userId: number) {
      const [row] = await db
        .select({ nombre: profiles.nombre, apellidos: profiles.apellidos })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      return row;
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
