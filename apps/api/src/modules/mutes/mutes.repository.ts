import { and, desc, eq, sql } from 'drizzle-orm';
import { KEYWORD_FILTERS_MAX } from '@juntos/domain';
import type { Database } from '../../db/database';
import { mayReach } from '../../db/safeguarding';
import type { KeywordFilterForm } from '@juntos/domain';
import { communities, communityMutes, keywordFilters, memberMutes, profiles, users } from '../../db/schema';

/** What a member muted (db/schema/mutes.ts); applying it is the lists' own SQL (db/visibility.ts). */
export function createMutesRepository(db: Database) {
  const keywordColumns = {
    id: keywordFilters.id,
    phrase: keywordFilters.phrase,
    action: keywordFilters.action,
  };
  return {
    keywords: (userId: number) =>
      db
        .select(keywordColumns)
        .from(keywordFilters)
        .where(eq(keywordFilters.userId, userId))
        .orderBy(desc(keywordFilters.id))
        .limit(KEYWORD_FILTERS_MAX),

    async keywordCount(userId: number) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(keywordFilters)
        .where(eq(keywordFilters.userId, userId));
      return row?.count ?? 0;
    },

    /** Adds the filter, or changes the action of the same phrase (in any case) already filtered. */
    async addKeyword(userId: number, form: KeywordFilterForm) {
      const samePhrase = and(
        eq(keywordFilters.userId, userId),
        sql`lower(${keywordFilters.phrase}) = lower(${form.phrase})`,
      );
      const [changed] = await db
        .update(keywordFilters)
        .set({ action: form.action, phrase: form.phrase })
        .where(samePhrase)
        .returning(keywordColumns);
      if (changed) return changed;
      // Two requests racing for a new phrase: the unique index keeps one, the other changes it.
      const [added] = await db
        .insert(keywordFilters)
        .values({ userId, phrase: form.phrase, action: form.action })
        .onConflictDoNothing()
        .returning(keywordColumns);
      if (added) return added;
      const [kept] = await db
        .update(keywordFilters)
        .set({ action: form.action })
        .where(samePhrase)
        .returning(keywordColumns);
      if (!kept) throw new Error('keyword filter neither added nor found');
      return kept;
    },

    /** Removes one of the member's filters; false when it is not theirs (or not there). */
    async removeKeyword(userId: number, id: number) {
      const removed = await db
        .delete(keywordFilters)
        .where(and(eq(keywordFilters.id, id), eq(keywordFilters.userId, userId)))
        .returning({ id: keywordFilters.id });
      return removed.length > 0;
    },

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
