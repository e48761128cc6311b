import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { posts } from '../../db/schema';

/** What pinning reads and writes: one post of one community. */
export function createCommunityModerationRepository(db: Database) {
  return {
    async postOf(communityId: number, postId: number) {
      const [row] = await db
        .select({ authorId: posts.authorId, pinnedAt: posts.pinnedAt })
        .from(posts)
        .where(and(eq(posts.id, postId), eq(posts.communityId, communityId)))
        .limit(1);
      return row;
    },

    /** True when the post's pin changed; pinning again keeps the first pin's time (and place). */
    async setPinned(postId: number, pinned: boolean) {
      const rows = await db
        .update(posts)
        .set({ pinnedAt: pinned ? sql`now()` : null })
        .where(
          and(
            eq(posts.id, postId),
            pinned ? sql`${posts.pinnedAt} is null` : sql`${posts.pinnedAt} is not null`,
          ),
        )
        .returning({ id: posts.id });
      return rows.length > 0;
    },
  };
}

export type CommunityModerationRepository = ReturnType<typeof createCommunityModerationRepository>;
