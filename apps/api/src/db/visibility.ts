import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { memberMutes } from './schema/mutes';
import { adultsBornOnOrBefore, mayReachAt, type Bound } from './safeguarding';

/**
 * The rule for anything a member published (posts, comments, gallery images): a hidden item is
 * seen only by its author, and nothing is seen by a member the author may not reach
 * (safeguarding: other age group, a block either way, a suspended author). In a prepared
 * statement the viewer and the day (`adultsFrom`) are placeholders.
 */
export function visibleTo(
  viewerId: Bound<number>,
  authorColumn: AnyColumn,
  hiddenAtColumn: AnyColumn,
  adultsFrom: Bound<string> = adultsBornOnOrBefore(),
): SQL {
  return sql`((${hiddenAtColumn} is null or ${authorColumn} = ${viewerId}::bigint) and ${mayReachAt(viewerId, authorColumn, adultsFrom)})`;
}

/**
 * What the feeds, communities and comment lists show a viewer of others' posts and comments:
 * what `visibleTo` allows, minus the members the viewer muted (issue 37 point 3). A muted
 * member's own pages (profile, gallery) still open for the viewer who goes to them; muting hides
 * only what would otherwise come to the viewer unasked.
 */
export function listedFor(
  viewerId: Bound<number>,
  authorColumn: AnyColumn,
  hiddenAtColumn: AnyColumn,
  adultsFrom: Bound<string> = adultsBornOnOrBefore(),
): SQL {
  return sql`(${visibleTo(viewerId, authorColumn, hiddenAtColumn, adultsFrom)} and ${notMutedBy(viewerId, authorColumn)})`;
}

/** The author is not one the viewer muted: one probe of `member_mutes`' key. */
export const notMutedBy = (viewerId: Bound<number>, authorColumn: AnyColumn): SQL =>
  sql`not exists (select 1 from ${memberMutes} where ${memberMutes.userId} = ${viewerId}::bigint and ${memberMutes.mutedId} = ${authorColumn})`;
