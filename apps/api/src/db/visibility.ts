import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { mayReach } from './safeguarding';

/**
 * The rule for anything a member published (posts, comments, gallery images): a hidden item is
 * seen only by its author, and nothing is seen by a member the author may not reach
 * (safeguarding: other age group, a block either way, a suspended author).
 */
export function visibleTo(viewerId: number, authorColumn: AnyColumn, hiddenAtColumn: AnyColumn): SQL {
  return sql`((${hiddenAtColumn} is null or ${authorColumn} = ${viewerId}) and ${mayReach(viewerId, authorColumn)})`;
}
