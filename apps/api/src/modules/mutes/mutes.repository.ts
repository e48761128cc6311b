import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { mayReach } from '../../db/safeguarding';
import { communities, communityMutes, memberMutes, profiles, users } from '../../db/schema';

/** What a member muted (db/schema/mutes.ts); applying it is the lists' own SQL (db/visibility.ts). */
export function createMutesRepository(db: Database) {
  return {
    /** A member the muter could name: exists, and is still in reach (else: an unknown id). */
    async memberExists(memberId: number) {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, memberId)).limit(1);
      return rows.length > 0;
    },

    async communityExists(communityId: number) {
      const rows = await db
        .select({ id: communities.id })
        .from(communities)
        .where(eq(communities.id, communityId))
        .limit(1);
      return rows.length > 0;
    },

    muteMember: (userId: number, mutedId: number) =>
      db.insert(memberMutes).values({ userId, mutedId }).onConflictDoNothing(),
    unmuteMember: (userId: number, mutedId: number) =>
      db.delete(memberMutes).where(and(eq(memberMutes.userId, userId), eq(memberMutes.mutedId, mutedId))),
    muteCommunity: (userId: number, communityId: number) =>
      db.insert(communityMutes).values({ userId, communityId }).onConflictDoNothing(),
    unmuteCommunity: (userId: number, communityId: number) =>
      db
        .delete(communityMutes)
        .where(and(eq(communityMutes.userId, userId), eq(communityMutes.communityId, communityId))),

    /** The members muted, newest first, of those the member may still reach (others stay muted). */
    mutedMembers: (userId: number) =>
      db
        .select({ id: memberMutes.mutedId, nombre: profiles.nombre, photoKey: profiles.photoKey })
        .from(memberMutes)
        .leftJoin(profiles, eq(profiles.userId, memberMutes.mutedId))
        .where(and(eq(memberMutes.userId, userId), mayReach(userId, memberMutes.mutedId)))
        .orderBy(desc(memberMutes.createdAt))
        .limit(MUTES_LISTED),

    /** The communities muted, newest first, with what names them (mutes.service.ts). */
    mutedCommunities: (userId: number) =>
      db
        .select({ id: communities.id, orphacode: communities.orphacode, name: communities.name })
        .from(communityMutes)
        .innerJoin(communities, eq(communities.id, communityMutes.communityId))
        .where(eq(communityMutes.userId, userId))
        .orderBy(desc(communityMutes.createdAt))
        .limit(MUTES_LISTED),
  };
}

/** A bound for each list: no member mutes this many, and the page stays one small answer. */
export const MUTES_LISTED = 500;

export type MutesRepository = ReturnType<typeof createMutesRepository>;
