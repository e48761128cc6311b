import { and, eq, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { viewerValues } from '../../db/acting-viewer';
import { comments, likes, profiles } from '../../db/schema';
import { adultsBornOnOrBefore, type Bound } from '../../db/safeguarding';
import { filterWarning, listedFor, type ListedItem } from '../../db/visibility';
import type { ContentKind } from './content-kinds';

export type CommentRow = Awaited<
  ReturnType<ReturnType<typeof createEngagementRepository>['commentsOf']>
>[number];

/** Which comments of each piece of content a list carries when it holds more than `perContent`. */
export type CommentWindow = { perContent: number; keep: 'newest' | 'oldest' };

/** The named values of the prepared comments statement. */
const bound = {
  kind: sql.placeholder('kind'),
  viewer: sql.placeholder('viewer'),
  adultsFrom: sql.placeholder('adultsFrom'),
  ids: sql.placeholder('ids'),
  perContent: sql.placeholder('perContent'),
};

/**
 * The comments the viewer may see on several pieces of content, in one windowed statement, as a
 * prepared statement: the ids are one `bigint[]` parameter (an `in (…)` list would change the
 * text with the number of ids, which a prepared statement cannot), and the kind, the viewer, the
 * day of the safeguarding rule and the window's size are parameters too. Only the order differs
 * between the two statements (which comments a full window keeps).
 */
const listedComment: ListedItem = {
  author: comments.authorId,
  hiddenAt: comments.hiddenAt,
  text: comments.text,
};

function preparedCommentsOf(db: Database, keep: CommentWindow['keep']) {
  const order =
    keep === 'newest'
      ? sql`${comments.createdAt} desc, ${comments.id} desc`
      : sql`${comments.createdAt}, ${comments.id}`;
  const ranked = db
    .select({
      id: comments.id,
      contentId: comments.contentId,
      authorId: comments.authorId,
      text: comments.text,
      hiddenAt: comments.hiddenAt,
      contentWarningKind: comments.contentWarningKind,
      contentWarningText: comments.contentWarningText,
      helperId: comments.helperId,
      filterWarning: filterWarning(bound.viewer, listedComment).as('filter_warning'),
      createdAt: comments.createdAt,
      nombre: profiles.nombre,
      apellidos: profiles.apellidos,
      rank: sql<number>`row_number() over (partition by ${comments.contentId} order by ${order})`.as('rank'),
    })
    .from(comments)
    .leftJoin(profiles, eq(profiles.userId, comments.authorId))
    .where(
      and(
        eq(comments.contentKind, bound.kind),
        sql`${comments.contentId} = any(${bound.ids}::bigint[])`,
        listedFor(bound.viewer, listedComment, bound.adultsFrom),
      ),
    )
    .as('ranked');
  return db
    .select({
      id: ranked.id,
      contentId: ranked.contentId,
      authorId: ranked.authorId,
      text: ranked.text,
      hiddenAt: ranked.hiddenAt,
      contentWarningKind: ranked.contentWarningKind,
      contentWarningText: ranked.contentWarningText,
      helperId: ranked.helperId,
      filterWarning: ranked.filterWarning,
      createdAt: ranked.createdAt,
      nombre: ranked.nombre,
      apellidos: ranked.apellidos,
    })
    .from(ranked)
    .where(lte(ranked.rank, sql`${bound.perContent}::int`))
    .orderBy(ranked.contentId, ranked.createdAt, ranked.id)
    .prepare(`engagement_comments_${keep}`);
}

/**
 * Likes and comments of any kind of content, named by kind and id. Nothing here knows a content
 * table: whoever owns the content checks that the member may see it before liking or commenting
 * (engagement.service.ts), and deleting the content deletes its likes and comments (a trigger).
 */
export function createEngagementRepository(db: Database) {
  const commentsOn = (kind: ContentKind, contentId: AnyColumn | SQL) =>
    and(eq(comments.contentKind, kind), eq(comments.contentId, contentId));
  const likesOn = (kind: ContentKind, contentId: AnyColumn | SQL | number) =>
    and(eq(likes.contentKind, kind), eq(likes.contentId, contentId));

  const prepared = { newest: preparedCommentsOf(db, 'newest'), oldest: preparedCommentsOf(db, 'oldest') };

  return {
    /**
     * A list's counts as columns of its own statement (correlated sub-selects on the likes' key
     * and the comments' index), so a page stays one query however many rows it holds. Comments
     * are counted as the viewer may see them (moderation, safeguarding).
     */
    counts: (
      kind: ContentKind,
      viewerId: Bound<number>,
      contentId: AnyColumn,
      adultsFrom: Bound<string> = adultsBornOnOrBefore(),
    ) => ({
      likes: sql<number>`(select count(*)::int from ${likes} where ${likesOn(kind, contentId)})`,
      comments: sql<number>`(select count(*)::int from ${comments} where ${commentsOn(kind, contentId)} and ${listedFor(viewerId, listedComment, adultsFrom)})`,
      liked: sql<boolean>`exists(select 1 from ${likes} where ${likesOn(kind, contentId)} and ${likes.userId} = ${viewerId}::bigint)`,
    }),

    /** Likes or unlikes; concurrent likes by many members all count (one row per member). */
    async toggleLike(kind: ContentKind, contentId: number, userId: number) {
      const removed = await db
        .delete(likes)
        .where(and(likesOn(kind, contentId), eq(likes.userId, userId)))
        .returning({ userId: likes.userId });
      if (removed.length === 0)
        await db.insert(likes).values({ contentKind: kind, contentId, userId }).onConflictDoNothing();
      const [total] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(likes)
        .where(likesOn(kind, contentId));
      return { liked: removed.length === 0, total: total?.count ?? 0 };
    },

    /** Adds a comment and answers it as a list would (with its author's name). */
    async addComment(
      kind: ContentKind,
      contentId: number,
      authorId: number,
      written: Pick<
        typeof comments.$inferInsert,
        'text' | 'contentWarningKind' | 'contentWarningText' | 'helperId'
      >,
    ) {
      const [row] = await db
        .insert(comments)
        .values({ contentKind: kind, contentId, authorId, ...written })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      const [name] = await db
        .select({ nombre: profiles.nombre, apellidos: profiles.apellidos })
        .from(profiles)
        .where(eq(profiles.userId, authorId))
        .limit(1);
      return {
        id: row.id,
        contentId: row.contentId,
        authorId: row.authorId,
        text: row.text,
        hiddenAt: row.hiddenAt,
        contentWarningKind: row.contentWarningKind,
        contentWarningText: row.contentWarningText,
        helperId: row.helperId,
        // The writer's own comment: their filters warn of others' words, not of what they wrote.
        filterWarning: null as string | null,
        createdAt: row.createdAt,
        nombre: name?.nombre ?? null,
        apellidos: name?.apellidos ?? null,
      };
    },

    /**
     * The comments the viewer may see on several pieces of content, in one prepared windowed
     * statement: at most `perContent` each, oldest first within each.
     */
    commentsOf: async (kind: ContentKind, viewerId: number, contentIds: number[], window: CommentWindow) =>
      contentIds.length === 0
        ? []
        : prepared[window.keep].execute({
            kind,
            ...viewerValues(viewerId),
            adultsFrom: adultsBornOnOrBefore(),
            ids: contentIds,
            perContent: window.perContent,
          }),
  };
}

export type EngagementRepository = ReturnType<typeof createEngagementRepository>;
