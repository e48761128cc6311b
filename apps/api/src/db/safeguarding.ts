import { ADULT_AGE, bornYearsAgo, todayIso } from '@juntos/domain';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import { blocks, profiles, users } from './schema';

/**
 * The safeguarding rule of the whole product (DESIGN.md "Safeguarding", docs/decisions/0011):
 * two members may see and reach each other only when they are in the same age group, neither has
 * blocked the other and neither is suspended. A minor whose account an administrator has not yet
 * reviewed is in a group of their own: a self-declared "minor" may be an adult, so until the
 * review they see and reach nobody but themselves.
 *
 * Every path that shows one member's content to another or lets one reach another goes through
 * `mayReach` (in SQL, for lists) or `createSafeguarding().mayReach` (for one pair): feed, post
 * search, comments, likes, gallery, profiles, member search, friend requests, friends, chat.
 */
export type SafeguardingGroup = 'adult' | 'minor' | 'unreviewed_minor';

/** Birth dates on or before this day (YYYY-MM-DD) are adults' on `today`. */
export const adultsBornOnOrBefore = (today: string = todayIso()): string => bornYearsAgo(today, ADULT_AGE);

// Aliases keep the rule's sub-selects apart from the tables of the query they sit in.
export const member = alias(users, 'safeguarding_member');
export const memberProfile = alias(profiles, 'safeguarding_profile');
// In a raw fragment an alias renders as its name alone, so the FROM clause names the tables.
const membersWithProfiles = sql`${users} as ${sql.identifier('safeguarding_member')} left join ${profiles} as ${sql.identifier('safeguarding_profile')} on ${memberProfile.userId} = ${member.id}`;

/**
 * A minor: an administrator said so or (with no administrator's word) the registration type is
 * "menor", and in both cases the birth date, when known, does not yet make them 18 — everyone
 * leaves the minors on their 18th birthday. Adults registered as adults (the sign-up checks
 * their birth date) stay adults unless an administrator changes the group. Never null: an unset
 * age group would otherwise read as "not a minor" in one place and be dropped in another.
 */
export const isMinor = (adultsFrom: string) =>
  sql`((${member.ageGroup} is not distinct from 'minor' or (${member.ageGroup} is null and ${member.tipoRegistro} = 'menor')) and (${memberProfile.dateOfBirth} is null or ${memberProfile.dateOfBirth} > ${adultsFrom}::date))`;

/** The condition that lets the partial index `users_minor_candidates_idx` serve `isMinor`. */
export const mayBeMinor = sql`(${member.tipoRegistro} = 'menor' or ${member.ageGroup} = 'minor')`;

/**
 * The ids of minors (all, or only reviewed ones), gathered once per statement: an uncorrelated
 * sub-select over the partial index of accounts that may be minors, a small set.
 */
const minorIds = (adultsFrom: string, reviewedOnly: boolean) =>
  sql`array(select ${member.id} from ${membersWithProfiles} where ${mayBeMinor} and ${isMinor(adultsFrom)}${reviewedOnly ? sql` and ${member.minorReviewedAt} is not null` : sql``})`;

/** The group of one member, as one scalar sub-select. */
const groupOf = (userId: number, adultsFrom: string) =>
  sql<SafeguardingGroup>`(select case when not ${isMinor(adultsFrom)} then 'adult' when ${member.minorReviewedAt} is not null then 'minor' else 'unreviewed_minor' end from ${membersWithProfiles} where ${member.id} = ${userId})`;

/** Everyone the viewer blocked or was blocked by, gathered once per statement. */
const blockedEitherWay = (viewerId: number) =>
  sql`array(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId} union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId})`;

/** The ids of suspended members, over a small partial index. */
export const suspendedMemberIds = sql`array(select ${users.id} from ${users} where ${users.suspendedAt} is not null)`;

/**
 * True for rows whose member (the author, owner, sender, requester… in `memberColumn`) the viewer
 * may see and reach. The viewer always reaches themselves. Every part is computed once per
 * statement, so a list pays for the rule once, not once per row.
 */
export function mayReach(viewerId: number, memberColumn: AnyColumn | SQL, today?: string): SQL {
  const adultsFrom = adultsBornOnOrBefore(today);
  return sql`(${memberColumn} = ${viewerId} or (${memberColumn} <> all(${blockedEitherWay(viewerId)}) and ${memberColumn} <> all(${suspendedMemberIds}) and case ${groupOf(viewerId, adultsFrom)} when 'adult' then ${memberColumn} <> all(${minorIds(adultsFrom, false)}) when 'minor' then ${memberColumn} = any(${minorIds(adultsFrom, true)}) else false end))`;
}

/** The rule for one pair of members, and a member's own group (for telling them why). */
export function createSafeguarding(db: Database) {
  // Both drivers (PGlite and node-postgres) answer a raw statement with `rows`.
  const firstRow = async <Row>(query: SQL) => {
    const result: unknown = await db.execute(query);
    return (result as { rows: Row[] }).rows[0];
  };
  return {
    async mayReach(viewerId: number, memberId: number): Promise<boolean> {
      const row = await firstRow<{ ok: boolean }>(
        sql`select ${mayReach(viewerId, sql`${memberId}::bigint`)} as ok`,
      );
      return row?.ok === true;
    },

    async groupOf(userId: number): Promise<SafeguardingGroup | undefined> {
      const row = await firstRow<{ group: SafeguardingGroup | null }>(
        sql`select ${groupOf(userId, adultsBornOnOrBefore())} as "group"`,
      );
      return row?.group ?? undefined;
    },
  };
}

export type Safeguarding = ReturnType<typeof createSafeguarding>;
