import { and, asc, eq, ilike, ne, sql, type SQL, isNull } from 'drizzle-orm';
import { FUNCTIONAL_FIELDS, type FunctionalField, type PrivateProfileField } from '@juntos/domain';
import type { Database } from '../../db/database';
import { containsPattern } from '../../lib/paging';
import { friendships, profiles, users } from '../../db/schema';
import { mayReach } from '../../db/safeguarding';

export type SearchFilters = Partial<Record<FunctionalField, string>> & {
  country?: string | undefined;
  ciudad?: string | undefined;
  comunidad?: string | undefined;
  /** Birth dates (YYYY-MM-DD) the ages asked for allow: born on or after / on or before. */
  bornFrom?: string | undefined;
  bornUntil?: string | undefined;
  orphacode?: number | undefined;
};

/**
 * Member search in one statement: the viewer's friendship with each result comes from a join,
 * blocked pairs, inactive accounts, incomplete profiles and the other age group are left out in
 * SQL, and a filter on a health field only matches members who show that field to the viewer.
 */
export function createProfileSearchRepository(db: Database) {
  return {
    async search(viewerId: number, filters: SearchFilters, limit: number, offset: number) {
      const friendship = sql`(least(${friendships.requesterId}, ${friendships.addresseeId}) = least(${profiles.userId}, ${viewerId}::bigint) and greatest(${friendships.requesterId}, ${friendships.addresseeId}) = greatest(${profiles.userId}, ${viewerId}::bigint))`;
      const audience = (field: PrivateProfileField) =>
        sql`coalesce(${profiles.visibility}->>${field}, 'members')`;
      const visible = (field: PrivateProfileField) =>
        sql`(${audience(field)} = 'members' or (${audience(field)} = 'friends' and ${friendships.status} = 'accepted'))`;

      const conditions: (SQL | undefined)[] = [
        ne(profiles.userId, viewerId),
        // Same age group, no block either way, not suspended, not an unreviewed minor.
        mayReach(viewerId, profiles.userId),
        filters.country ? eq(profiles.country, filters.country) : undefined,
        filters.ciudad ? eq(profiles.ciudad, filters.ciudad) : undefined,
        filters.comunidad ? ilike(profiles.comunidad, containsPattern(filters.comunidad)) : undefined,
      ];
      for (const field of FUNCTIONAL_FIELDS) {
        const value = filters[field];
        if (value) conditions.push(and(eq(profiles[field], value), visible(field)));
      }
      if (filters.bornFrom || filters.bornUntil) conditions.push(visible('date_of_birth'));
      if (filters.bornFrom) conditions.push(sql`${profiles.dateOfBirth} >= ${filters.bornFrom}`);
      if (filters.bornUntil) conditions.push(sql`${profiles.dateOfBirth} <= ${filters.bornUntil}`);
      if (filters.orphacode !== undefined)
        conditions.push(and(eq(profiles.orphacode, filters.orphacode), visible('enfermedad')));

      return db
        .select({
          profile: profiles,
          requesterId: friendships.requesterId,
          status: friendships.status,
        })
        .from(profiles)
        .innerJoin(
          users,
          and(
            eq(users.id, profiles.userId),
            eq(users.isActive, true),
            isNull(users.suspendedAt),
            sql`${users.profileCompletedAt} is not null`,
          ),
        )
        .leftJoin(friendships, friendship)
        .where(and(...conditions))
        .orderBy(asc(profiles.nombre), asc(profiles.userId))
        .limit(limit)
        .offset(offset);
    },
  };
}

export type ProfileSearchRepository = ReturnType<typeof createProfileSearchRepository>;
