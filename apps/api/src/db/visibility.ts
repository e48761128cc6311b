import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { keywordFilters, memberMutes } from './schema/mutes';
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

/** A published item as the lists see it: who wrote it, whether a moderator hid it, its words. */
export type ListedItem = { author: AnyColumn; hiddenAt: AnyColumn; text: SQL | AnyColumn };

/**
 * What the feeds, communities and comment lists show a viewer of others' posts and comments:
 * what `visibleTo` allows, minus what the viewer chose not to meet (issue 37 point 3): the
 * members they muted, and words they filter out (`hide`). A muted member's own pages (profile,
 * gallery) still open for the viewer who goes to them; muting hides only what would otherwise
 * come to the viewer unasked.
 */
export function listedFor(
  viewerId: Bound<number>,
  item: ListedItem,
  adultsFrom: Bound<string> = adultsBornOnOrBefore(),
): SQL {
  return sql`(${visibleTo(viewerId, item.author, item.hiddenAt, adultsFrom)} and ${notMutedBy(viewerId, item.author)} and (${item.author} = ${viewerId}::bigint or ${notFilteredOut(viewerId, item.text)}))`;
}

/** The author is not one the viewer muted: one probe of `member_mutes`' key. */
export const notMutedBy = (viewerId: Bound<number>, authorColumn: AnyColumn): SQL =>
  sql`not exists (select 1 from ${memberMutes} where ${memberMutes.userId} = ${viewerId}::bigint and ${memberMutes.mutedId} = ${authorColumn})`;

/** A viewer's filter of this action whose phrase the text contains, in any case. */
const filterMatching = (viewerId: Bound<number>, action: 'hide' | 'warn', text: SQL | AnyColumn) =>
  sql`${keywordFilters.userId} = ${viewerId}::bigint and ${keywordFilters.action} = ${action} and strpos(lower(${text}), lower(${keywordFilters.phrase})) > 0`;

/** The text holds none of the phrases the viewer hides (a member has a handful at most). */
export const notFilteredOut = (viewerId: Bound<number>, text: SQL | AnyColumn): SQL =>
  sql`not exists (select 1 from ${keywordFilters} where ${filterMatching(viewerId, 'hide', text)})`;

/**
 * The first phrase the viewer asked to be warned of that the text contains, or null; never for
 * the viewer's own words (filters keep others' words away, as `listedFor` does for hidden ones).
 */
export const filterWarning = (viewerId: Bound<number>, item: Pick<ListedItem, 'author' | 'text'>) =>
  sql<
    string | null
  >`(select ${keywordFilters.phrase} from ${keywordFilters} where ${item.author} <> ${viewerId}::bigint and ${filterMatching(viewerId, 'warn', item.text)} order by ${keywordFilters.id} limit 1)`;
