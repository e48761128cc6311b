import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { users } from './schema';

/**
 * The ids of suspended members, gathered once per statement (an uncorrelated sub-select over a
 * small partial index) rather than looked up for every row a query passes.
 */
export const suspendedMemberIds = sql`array(select ${users.id} from ${users} where ${users.suspendedAt} is not null)`;

/**
 * Moderation's rule for anything a member published (posts, comments, gallery images): a hidden
 * item is seen only by its author, and nothing of a suspended member is seen by anyone else.
 */
export function visibleTo(viewerId: number, authorColumn: AnyColumn, hiddenAtColumn: AnyColumn): SQL {
  return sql`((${hiddenAtColumn} is null or ${authorColumn} = ${viewerId}) and ${authorColumn} <> all(${suspendedMemberIds}))`;
}

/** True when the author of a row is suspended (for single items fetched by id). */
export const authorSuspended = (authorColumn: AnyColumn) =>
  sql<boolean>`exists(select 1 from ${users} where ${users.id} = ${authorColumn} and ${users.suspendedAt} is not null)`;
