import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
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
