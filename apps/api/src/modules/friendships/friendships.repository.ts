import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { friendships } from '../../db/schema';

/** Who is whose friend: read by profiles (field audiences) and the gallery (friends only). */
export function createFriendshipsRepository(db: Database) {
  const between = (a: number, b: number) =>
    or(
      and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
      and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
    );
  return {
    /** The friendship between two members, in whichever direction it was asked. */
    async friendshipBetween(a: number, b: number) {
      const [row] = await db.select().from(friendships).where(between(a, b)).limit(1);
      return row;
    },
    async areFriends(a: number, b: number) {
      const [row] = await db
        .select({ status: friendships.status })
        .from(friendships)
        .where(and(between(a, b), eq(friendships.status, 'accepted')))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type FriendshipsRepository = ReturnType<typeof createFriendshipsRepository>;
