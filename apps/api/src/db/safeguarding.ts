import { ADULT_AGE, bornYearsAgo, todayIso } from '@juntos/domain';
import { Placeholder, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MediaAccess } from '../lib/media-store';
import { supporterActingFor } from './acting-viewer';
import { firstRowOf, type Database } from './database';
import {
  blocks,
  chatMessages,
  friendships,
  notificationActors,
  notifications,
  profiles,
  users,
} from './schema';

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
export const membersWithProfiles = sql`${users} as ${sql.identifier('safeguarding_member')} left join ${profiles} as ${sql.identifier('safeguarding_profile')} on ${memberProfile.userId} = ${member.id}`;

/**
 * A minor: an administrator said so or (with no administrator's word) the registration type is
 * "menor", and in both cases the birth date, when known, does not yet make them 18 — everyone
 * leaves the minors on their 18th birthday. Adults registered as adults (the sign-up checks
 * their birth date) stay adults unless an administrator changes the group. Never null: an unset
 * age group would otherwise read as "not a minor" in one place and be dropped in another.
 * Written once, as the SQL function `safeguarding_is_minor` (migration 0016), which the planner
 * inlines.
 */
export const isMinor = (adultsFrom: string | SQL) =>
  sql`safeguarding_is_minor(${member.ageGroup}, ${member.tipoRegistro}, ${memberProfile.dateOfBirth}, ${adultsFrom}::date)`;

/** The condition that lets the partial index `users_minor_candidates_idx` serve `isMinor`. */
export const mayBeMinor = sql`(${member.tipoRegistro} = 'menor' or ${member.ageGroup} = 'minor')`;

/**
 * The group of one member (a number, or a column of the outer query), as one scalar sub-select:
 * `/api/me` selects it with the member's own row (profile repository).
 */
export const groupOf = (userId: Bound<number> | AnyColumn, adultsFrom: Bound<string>) =>
  sql<SafeguardingGroup>`(select case when not ${isMinor(sql`${adultsFrom}::date`)} then 'adult' when ${member.minorReviewedAt} is not null then 'minor' else 'unreviewed_minor' end from ${membersWithProfiles} where ${member.id} = ${userId})`;

/** A value of a statement: a number, or a named placeholder of a prepared statement. */
export type Bound<T> = T | Placeholder | SQL;

/**
 * True for rows whose member (the author, owner, sender, requester… in `memberColumn`) the viewer
 * may see and reach. The viewer always reaches themselves.
 *
 * The member lists come from `safeguarding_excluded` and `safeguarding_included` (migration 0020;
 * 0016's `safeguarding_scope` computed both at once): everyone the viewer blocked or was blocked
 * by, suspended members and, for an adult, the minors are excluded; for a reviewed minor only
 * reviewed minors are included (none for a minor awaiting review); for an adult the included list
 * is null and costs one primary-key lookup. Each is an uncorrelated sub-select, computed once per
 * statement, so a list pays for the rule once, not per row; and a PL/pgSQL function keeps its
 * statements' plans, so the rule adds little to the planning of the query it sits in. `= any(null)`
 * is null, hence the `case` for "no list".
 *
 * `viewerId` and `adultsFrom` may be placeholders of a prepared statement (`mayReachAt`); the day
 * is then a parameter, so a statement prepared yesterday still applies today's birthdays.
 *
 * While a supporter acts for the viewer, the rule is the pair's: a member is reached only when
 * both may reach them (`supporter`, found by `supporterOf` unless given).
 */
export function mayReachAt(
  viewerId: Bound<number>,
  memberColumn: AnyColumn | SQL,
  adultsFrom: Bound<string>,
  supporter: Bound<number | null> = supporterOf(viewerId),
): SQL {
  const viewer = sql`${viewerId}::bigint`;
  const day = sql`${adultsFrom}::date`;
  const ownReach = inReachOf(viewer, memberColumn, day);
  if (supporter === null) return sql`(${memberColumn} = ${viewer} or ${ownReach})`;
  // A supporter acting for the viewer (decision 0047): the member's own content stays theirs,
  // anyone else must be in reach of both — the excluded lists joined, the included ones crossed.
  const helper = sql`${supporter}::bigint`;
  const helperReach = inReachOf(helper, memberColumn, day);
  const both = typeof supporter === 'number' ? helperReach : sql`(${helper} is null or ${helperReach})`;
  return sql`(${memberColumn} = ${viewer} or (${ownReach} and ${both}))`;
}

/**
 * Who acts with the viewer, as `mayReachAt` binds it: for a number, the supporter acting for that
 * member in this request or socket frame (`acting-viewer.ts`); for a prepared statement's
 * placeholder, a placeholder beside it (`viewer` → `viewerSupporter`, see `viewerValues`); a
 * column of the statement names its own supporter, so it passes one explicitly.
 */
function supporterOf(viewerId: Bound<number>): Bound<number | null> {
  if (typeof viewerId === 'number') return supporterActingFor(viewerId);
  if (viewerId instanceof Placeholder) return sql.placeholder(`${viewerId.name}Supporter`);
  return null;
}

/** Not excluded by `who` and, when `who` has an included list, on it. */
function inReachOf(who: SQL, memberColumn: AnyColumn | SQL, day: SQL): SQL {
  // The casts make each sub-select an array value; `all (select …)` would compare with its rows.
  const excluded = sql`(select safeguarding_excluded(${who}, ${day}))::bigint[]`;
  const included = sql`(select safeguarding_included(${who}, ${day}))::bigint[]`;
  return sql`(${memberColumn} <> all(${excluded}) and case when ${included} is null then true else ${memberColumn} = any(${included}) end)`;
}

/** `mayReachAt` for a viewer and today's (or `today`'s) age groups. */
export const mayReach = (viewerId: number, memberColumn: AnyColumn | SQL, today?: string): SQL =>
  mayReachAt(viewerId, memberColumn, adultsBornOnOrBefore(today));

/**
 * True when the viewer would reach the member but for the viewer's own block of them: both
 * adults, or both reviewed minors, the member has not blocked the viewer and is not suspended. A
 * member's block list names only these people, so blocking someone by id never tells anyone a
 * name the rule keeps from them (issue 32). A minor awaiting review knows nobody.
 */
export function reachableButForOwnBlock(
  viewerId: number,
  memberColumn: AnyColumn | SQL,
  today?: string,
): SQL {
  const day = adultsBornOnOrBefore(today);
  const viewer = sql`${viewerId}::bigint`;
  const viewerGroup = groupOf(viewerId, day);
  // Named apart: the outer query may itself read `blocks` (the block list does).
  const block = sql`${blocks} as ${sql.identifier('reach_block')}`;
  const blockerOf = sql.identifier('reach_block');
  // A supporter acting for the viewer learns of no one out of their own reach, blocked or not.
  const supporter = supporterActingFor(viewerId);
  const helperReach =
    supporter === null ? sql`true` : inReachOf(sql`${supporter}::bigint`, memberColumn, sql`${day}::date`);
  return sql`(${memberColumn} = ${viewer} or (${viewerGroup} <> 'unreviewed_minor' and ${viewerGroup} = ${groupOf(memberColumn, day)}
    and not exists (select 1 from ${block} where ${blockerOf}.blocker_id = ${memberColumn} and ${blockerOf}.blocked_id = ${viewer})
    and not exists (select 1 from ${users} as ${sql.identifier('reach_member')} where ${sql.identifier('reach_member')}.id = ${memberColumn} and ${sql.identifier('reach_member')}.suspended_at is not null)
    and ${helperReach}))`;
}

/**
 * True when the viewer already holds the member's id through something they took part in: a
 * friendship or request between the two (any state), a chat message either way, a notification
 * the member's action caused, or a block either way. Acting on someone out of reach (blocking or
 * reporting a member who blocked you, or who has since left your age group) is allowed through
 * these links only, so counting through ids never tells anyone that a minor's account exists; a
 * victim whom the offender blocked can still block and report him.
 */
export function holdsLinkTo(viewerId: number, memberId: number): SQL {
  const viewer = sql`${viewerId}::bigint`;
  const target = sql`${memberId}::bigint`;
  return sql`(exists (select 1 from ${friendships} where (${friendships.requesterId} = ${viewer} and ${friendships.addresseeId} = ${target}) or (${friendships.requesterId} = ${target} and ${friendships.addresseeId} = ${viewer}))
    or exists (select 1 from ${chatMessages} where (${chatMessages.senderId} = ${viewer} and ${chatMessages.receiverId} = ${target}) or (${chatMessages.senderId} = ${target} and ${chatMessages.receiverId} = ${viewer}))
    or exists (select 1 from ${notificationActors} join ${notifications} on ${notifications.id} = ${notificationActors.notificationId} where ${notificationActors.actorId} = ${target} and ${notifications.userId} = ${viewer})
    or exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewer} and ${blocks.blockedId} = ${target}) or (${blocks.blockerId} = ${target} and ${blocks.blockedId} = ${viewer})))`;
}

/** The rule for one pair of members, and a member's own group (for telling them why). */
export function createSafeguarding(db: Database) {
  // Every signed-in `/api/me` asks it: prepared once (the day is a parameter, see `mayReachAt`).
  const groupOfStatement = db
    .select({ group: groupOf(sql.placeholder('id'), sql.placeholder('adultsFrom')) })
    .from(sql`(values (1)) as one_row`)
    .prepare('safeguarding_group_of');
  return {
    async mayReach(viewerId: number, memberId: number): Promise<boolean> {
      const row = await firstRowOf<{ ok: boolean }>(
        db,
        sql`select ${mayReach(viewerId, sql`${memberId}::bigint`)} as ok`,
      );
      return row?.ok === true;
    },

    /**
     * Whether the viewer may act on the member (block, report them): in reach, or linked to them
     * already (`holdsLinkTo`). Anyone else is answered as an unknown id.
     */
    async mayActOn(viewerId: number, memberId: number): Promise<boolean> {
      const row = await firstRowOf<{ ok: boolean }>(
        db,
        sql`select (${mayReach(viewerId, sql`${memberId}::bigint`)} or ${holdsLinkTo(viewerId, memberId)}) as ok`,
      );
      return row?.ok === true;
    },

    /**
     * Where a member's pictures are stored: a minor's (reviewed or not) as private files, served
     * only at addresses signed for a viewer the rule let see them (issue 32); an adult's public.
     */
    async mediaAccessFor(userId: number): Promise<MediaAccess> {
      return (await this.groupOf(userId)) === 'adult' ? 'public' : 'private';
    },

    async groupOf(userId: number): Promise<SafeguardingGroup | undefined> {
      const [row] = await groupOfStatement.execute({ id: userId, adultsFrom: adultsBornOnOrBefore() });
      return row?.group ?? undefined;
    },
  };
}

export type Safeguarding = ReturnType<typeof createSafeguarding>;
