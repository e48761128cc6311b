import {
  and,
  desc,
  eq,
  getTableColumns,
  ilike,
  isNotNull,
  isNull,
  notInArray,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { PINNED_POSTS_SHOWN } from '@juntos/domain';
import type { Database } from '../../db/database';
import { viewerValues } from '../../db/acting-viewer';
import { containsPattern } from '../../lib/paging';
import { communities, communityMembers, communityMutes, posts, profiles, users } from '../../db/schema';
import { adultsBornOnOrBefore, type Bound } from '../../db/safeguarding';
import { filterWarning, listedFor, type ListedItem } from '../../db/visibility';
import { createEngagementRepository } from '../engagement';

/** The most recent comments a post carries in a page; older ones stay counted in comments_count. */
export const COMMENTS_PER_POST = 50;

export type PostRow = Awaited<ReturnType<ReturnType<typeof createPostsRepository>['page']>>[number];

/** Where a page of posts comes from: the main feed (with a country) or one community. */
export type FeedSource =
  | { kind: 'main'; country?: string | undefined; before?: number | undefined }
  | { kind: 'community'; communityId: number };

/** Marks the posts of a page chosen in creation order; pinned ones leading a page say true. */
const notLeading = sql<boolean>`false`.as('leads');

const textContains = (pattern: Bound<string>) => or(ilike(posts.title, pattern), ilike(posts.text, pattern));

/** The named values of the prepared page statements (a statement is built once, then bound). */
const bound = {
  viewer: sql.placeholder('viewer'),
  adultsFrom: sql.placeholder('adultsFrom'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  country: sql.placeholder('country'),
  pattern: sql.placeholder('pattern'),
  before: sql.placeholder('before'),
  community: sql.placeholder('community'),
};

/**
 * Posts older than the post `before` in the feed's order: a row comparison on (created_at, id)
 * that posts_feed_idx (and posts_country_feed_idx after its country) serves as a range. Only the
 * position of that post is read, never its content.
 */
const olderThan = (before: Bound<number>) =>
  sql`(${posts.createdAt}, ${posts.id}) < (select cursor.created_at, cursor.id from ${posts} as cursor where cursor.id = ${before}::bigint)`;

/**
 * Data access of posts. A page of posts is two statements whatever it holds: the posts with
 * their author, counts and the viewer's like, then the recent comments of those posts (one
 * windowed query). Likes and comments are the engagement module's, shared with every kind of
 * content; a post's likes are also counted on the post itself (`likes_count`, kept by triggers,
 * decision 0016). The main feed's, its search's and a community's page statements are prepared
 * once (`.prepare`), so a request binds values instead of building the SQL again.
 */
/** A post's words for the reader's keyword filters: its title and text. */
const postWords = (post: { title: AnyColumn; text: AnyColumn }) =>
  sql`(coalesce(${post.title}, '') || ' ' || ${post.text})`;
const listedPost: ListedItem = { author: posts.authorId, hiddenAt: posts.hiddenAt, text: postWords(posts) };

export function createPostsRepository(db: Database) {
  const engagement = createEngagementRepository(db);

  /**
   * The posts of the main feed for this viewer: those of no community, and those of the viewer's
   * communities while their setting says so (issue 18) and they have not muted that community
   * (issue 37), never those of other communities. The
   * viewer's communities are one uncorrelated array (an init plan computed once per statement), so
   * the feed stays a backward range of posts_feed_idx with a cheap filter per post (deep offsets
   * may sort instead, depending on random_page_cost: docs/operations.md). `= any(null)` is null:
   * with the setting off only main-feed posts pass. Written as `or` (not a `case`): the planner
   * then estimates the rows it keeps from the share of posts in no community, and a `case` made it
   * prefer sorting the whole table even sooner (bench:feed, docs/api.md).
   */
  const inMainFeedOf = (viewerId: Bound<number>) =>
    or(
      isNull(posts.communityId),
      sql`${posts.communityId} = any((select array_agg(${communityMembers.communityId}) from ${communityMembers} join ${users} on ${users.id} = ${communityMembers.userId} where ${communityMembers.userId} = ${viewerId}::bigint and ${users.communityPostsInFeed} and not exists (select 1 from ${communityMutes} where ${communityMutes.userId} = ${viewerId}::bigint and ${communityMutes.communityId} = ${communityMembers.communityId}))::bigint[])`,
    );

  const whereOf = (viewerId: number, source: FeedSource) =>
    source.kind === 'main'
      ? and(
          source.country ? eq(posts.country, source.country) : undefined,
          source.before === undefined ? undefined : olderThan(source.before),
          inMainFeedOf(viewerId),
        )
      : eq(posts.communityId, source.communityId);

  /**
   * Only posts whose author the viewer may reach (db/safeguarding.ts) are chosen; the rule's
   * member lists are gathered once per statement, not per post skipped. In a community this is
   * what splits it into an adults' and a minors' space.
   * The page is chosen from `posts` alone first (an index range in creation order, even deep in
   * the feed), and only its few rows are joined with their author and counted; joining first
   * would make the database sort every post on each request.
   */
  const chosenFrom = (
    viewerId: Bound<number>,
    where: SQL | undefined,
    limit: number | Placeholder,
    offset: number | Placeholder,
    adultsFrom: Bound<string> = adultsBornOnOrBefore(),
  ) =>
    db
      .select({ ...getTableColumns(posts), leads: notLeading })
      .from(posts)
      .where(and(where, listedFor(viewerId, listedPost, adultsFrom)))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit)
      .offset(offset);

  /**
   * The chosen posts with their author and counts, newest first after those leading the page.
   * Likes are the post's counter; comments are counted as this viewer may see them (moderation,
   * safeguarding), which no stored number can be, with an index range per post of the page.
   */
  const presented = (
    viewerId: Bound<number>,
    chosenPosts: ReturnType<typeof chosenFrom>,
    adultsFrom: Bound<string> = adultsBornOnOrBefore(),
  ) => {
    const chosen = chosenPosts.as('chosen');
    const { comments, liked } = engagement.counts('post', viewerId, chosen.id, adultsFrom);
    return db
      .select({
        id: chosen.id,
        authorId: chosen.authorId,
        title: chosen.title,
        text: chosen.text,
        imageKey: chosen.imageKey,
        imageAlt: chosen.imageAlt,
        symbols: chosen.symbols,
        contentWarningKind: chosen.contentWarningKind,
        contentWarningText: chosen.contentWarningText,
        helperId: chosen.helperId,
        country: chosen.country,
        communityId: chosen.communityId,
        pinnedAt: chosen.pinnedAt,
        hiddenAt: chosen.hiddenAt,
        createdAt: chosen.createdAt,
        leads: chosen.leads,
        nombre: profiles.nombre,
        apellidos: profiles.apellidos,
        photoKey: profiles.photoKey,
        authorCountry: profiles.country,
        likes: chosen.likesCount,
        comments,
        liked,
        filterWarning: filterWarning(viewerId, { author: chosen.authorId, text: postWords(chosen) }),
      })
      .from(chosen)
      .leftJoin(profiles, eq(profiles.userId, chosen.authorId))
      .orderBy(
        desc(chosen.leads),
        sql`case when ${chosen.leads} then ${chosen.pinnedAt} end desc`,
        desc(chosen.createdAt),
        desc(chosen.id),
      );
  };

  const page = (viewerId: number, where: SQL | undefined, limit: number, offset: number) =>
    presented(viewerId, chosenFrom(viewerId, where, limit, offset));

  /** A main-feed page (with or without a country, or searched) as one prepared statement. */
  const preparedPage = (name: string, where: SQL | undefined) =>
    presented(
      bound.viewer,
      chosenFrom(
        bound.viewer,
        and(inMainFeedOf(bound.viewer), where),
        bound.limit,
        bound.offset,
        bound.adultsFrom,
      ),
      bound.adultsFrom,
    ).prepare(name);
  const prepared = {
    feed: preparedPage('posts_feed_page', undefined),
    feedOfCountry: preparedPage('posts_feed_country_page', eq(posts.country, bound.country)),
    feedBefore: preparedPage('posts_feed_before_page', olderThan(bound.before)),
    feedOfCountryBefore: preparedPage(
      'posts_feed_country_before_page',
      and(eq(posts.country, bound.country), olderThan(bound.before)),
    ),
    search: preparedPage('posts_search_page', textContains(bound.pattern)),
  };
  const pageValues = (viewerId: number, limit: number, offset: number) => ({
    ...viewerValues(viewerId),
    adultsFrom: adultsBornOnOrBefore(),
    limit,
    offset,
  });
  const mainFeedPage = (
    viewerId: number,
    source: Extract<FeedSource, { kind: 'main' }>,
    limit: number,
    offset: number,
  ) => {
    const values = pageValues(viewerId, limit, offset);
    const { country, before } = source;
    if (before !== undefined)
      return country
        ? prepared.feedOfCountryBefore.execute({ ...values, country, before })
        : prepared.feedBefore.execute({ ...values, before });
    return country ? prepared.feedOfCountry.execute({ ...values, country }) : prepared.feed.execute(values);
  };

  /**
   * The pinned posts that lead a community's first page for this viewer: at most
   * PINNED_POSTS_SHOWN, newest pin first, among the posts the viewer may see.
   */
  const leadingPins = (
    viewerId: Bound<number>,
    communityId: Bound<number>,
    adultsFrom: Bound<string> = adultsBornOnOrBefore(),
  ) =>
    db
      .select({ ...getTableColumns(posts), leads: sql<boolean>`true`.as('leads') })
      .from(posts)
      .where(
        and(
          eq(posts.communityId, communityId),
          isNotNull(posts.pinnedAt),
          listedFor(viewerId, listedPost, adultsFrom),
        ),
      )
      .orderBy(desc(posts.pinnedAt))
      .limit(PINNED_POSTS_SHOWN);

  /**
   * A community's page. The leading pins open the first page, and every page in creation order
   * leaves out just those, so each post is shown once: a pin beyond the first few is found where
   * it was written. The pins left out are one uncorrelated sub-select (computed once per
   * statement), so a deep page is still one range of posts_community_feed_idx. The first page is
   * one statement for both parts. Built with placeholders, it is prepared once (`first` or not).
   */
  const communityPage = (
    viewerId: Bound<number>,
    communityId: Bound<number>,
    limit: number | Placeholder,
    offset: number | Placeholder,
    first: boolean,
    adultsFrom: Bound<string> = adultsBornOnOrBefore(),
  ) => {
    const pins = leadingPins(viewerId, communityId, adultsFrom).as('leading_pins');
    const notLeadingPin = or(
      isNull(posts.pinnedAt),
      notInArray(posts.id, db.select({ id: pins.id }).from(pins)),
    );
    const newest = chosenFrom(
      viewerId,
      and(eq(posts.communityId, communityId), notLeadingPin),
      limit,
      offset,
      adultsFrom,
    );
    if (!first) return presented(viewerId, newest, adultsFrom);
    // The union has the same columns as one part; drizzle types it as a set operator.
    return presented(
      viewerId,
      unionAll(leadingPins(viewerId, communityId, adultsFrom), newest) as unknown as typeof newest,
      adultsFrom,
    );
  };
  const preparedCommunity = {
    first: communityPage(bound.viewer, bound.community, bound.limit, 0, true, bound.adultsFrom).prepare(
      'posts_community_first_page',
    ),
    later: communityPage(
      bound.viewer,
      bound.community,
      bound.limit,
      bound.offset,
      false,
      bound.adultsFrom,
    ).prepare('posts_community_page'),
  };
  const communityFeedPage = (viewerId: number, communityId: number, limit: number, offset: number) =>
    offset > 0
      ? preparedCommunity.later.execute({ ...pageValues(viewerId, limit, offset), community: communityId })
      : preparedCommunity.first.execute({ ...pageValues(viewerId, limit, offset), community: communityId });

  return {
    page,

    feed: (viewerId: number, source: FeedSource, limit: number, offset: number) =>
      source.kind === 'community'
        ? communityFeedPage(viewerId, source.communityId, limit, offset)
        : mainFeedPage(viewerId, source, limit, offset),

    /** The statement a main-feed page runs, for plans (bench:feed); not prepared. */
    feedStatement: (viewerId: number, source: FeedSource, limit: number, offset: number) =>
      source.kind === 'community'
        ? communityPage(viewerId, source.communityId, limit, offset, offset === 0)
        : page(viewerId, whereOf(viewerId, source), limit, offset),

    /** Search keeps creation order: a pinned post is found where it was written. */
    search: (viewerId: number, source: FeedSource, query: string, limit: number, offset: number) =>
      source.kind === 'main'
        ? prepared.search.execute({ ...pageValues(viewerId, limit, offset), pattern: containsPattern(query) })
        : page(viewerId, and(whereOf(viewerId, source), textContains(containsPattern(query))), limit, offset),

    one: async (viewerId: number, postId: number) => (await page(viewerId, eq(posts.id, postId), 1, 0))[0],

    /** A post by id whatever its visibility (the service applies the rules). */
    async find(postId: number) {
      const [row] = await db.select().from(posts).where(eq(posts.id, postId)).limit(1);
      return row;
    },

    /**
     * Whether the community exists and the member belongs to it, in one statement: a community's
     * routes answer "not found" and "members only" apart.
     */
    async membership(userId: number, communityId: number) {
      const [row] = await db
        .select({
          member: sql<boolean>`exists(select 1 from ${communityMembers} where ${communityMembers.communityId} = ${communities.id} and ${communityMembers.userId} = ${userId})`,
        })
        .from(communities)
        .where(eq(communities.id, communityId));
      return row ? { member: row.member } : undefined;
    },

    async inFeedSetting(userId: number) {
      const [row] = await db
        .select({ on: users.communityPostsInFeed })
        .from(users)
        .where(eq(users.id, userId));
      return row?.on ?? true;
    },

    saveInFeedSetting: (userId: number, on: boolean) =>
      db.update(users).set({ communityPostsInFeed: on }).where(eq(users.id, userId)),

    async authorCountry(userId: number) {
      const [row] = await db
        .select({ country: profiles.country })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      return row?.country ?? null;
    },

    async create(values: typeof posts.$inferInsert) {
      const [row] = await db.insert(posts).values(values).returning({ id: posts.id });
      if (!row) throw new Error('insert returned nothing');
      return row.id;
    },

    update: (postId: number, values: Partial<typeof posts.$inferInsert>) =>
      db
        .update(posts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(posts.id, postId)),

    remove: (postId: number) => db.delete(posts).where(eq(posts.id, postId)),

    engagement,
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
