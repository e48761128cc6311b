import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { CHAT_REPORT_CONTEXT, type HideableTargetType } from '@juntos/domain';
import { conversationBetween } from '../../db/chat-conversations';
import { moderatedCommunityIds } from '../../db/community-moderation-roles';
import { firstRowOf, type Database } from '../../db/database';
import { mayReach } from '../../db/safeguarding';
import {
  adminAuditLog,
  chatMessages,
  comments,
  memberNotices,
  posts,
  profiles,
  reports,
  users,
} from '../../db/schema';
import { CONTENT_SOURCES, sourceColumn as column, type ContentKind } from '../engagement';

export type ReportTargetType = (typeof reports.$inferSelect)['targetType'];
export type ContentType = HideableTargetType;
export type ReportOutcome = NonNullable<(typeof reports.$inferSelect)['outcome']>;
export type NoticeKind = (typeof memberNotices.$inferSelect)['kind'];
export type NoticeRow = { userId: number; kind: NoticeKind; data: Record<string, string | number> };
/** The audit log's action for a hide; restoring reads who hid an item from it. */
export const CONTENT_HIDE_ACTION = 'content.hide';

/** What a moderator needs to see of one reported item, whatever its kind. */
export type ReportedContent = {
  authorId: number;
  /** When it was written; null for a member (the report is about the person). */
  createdAt: Date | null;
  authorName: string;
  /** The text of the post or comment, or the image's title and description. */
  text: string;
  title: string | null;
  imageKey: string | null;
  imageAlt: string;
  /** Where a comment was written: the post's or image's title or opening words. */
  parent: string | null;
  hidden: boolean;
  authorSuspended: boolean;
};

const name = sql<string>`coalesce(${profiles.nombre} || ' ' || ${profiles.apellidos}, ${users.email})`;

/**
 * One message around a reported chat message or in a reported conversation; `senderId` null and
 * `formerSender` set when its sender was erased (decision 0032).
 */
export type ContextMessage = {
  id: number;
  senderId: number | null;
  formerSender: string | null;
  message: string;
  createdAt: Date;
};
/** What a chat report needs to find its context. */
export type ChatReportRef = {
  id: number;
  targetType: ReportTargetType;
  /** Null once the reported member was erased: the context is then the report's snapshot. */
  targetId: number | null;
  reporterId: number;
  createdAt: Date;
};

/**
 * What each hideable report target is: a piece of content of one kind, or a comment on one. With
 * the content sources of the engagement module, one description serves the queue's context,
 * hiding and restoring, whatever kinds of content exist.
 */
const HIDEABLE = {
  post: { kind: 'post', comment: false },
  comment: { kind: 'post', comment: true },
  image: { kind: 'gallery_image', comment: false },
  gallery_comment: { kind: 'gallery_image', comment: true },
} as const satisfies Record<ContentType, { kind: ContentKind; comment: boolean }>;

const HIDEABLE_TYPES = Object.keys(HIDEABLE) as ContentType[];

/**
 * What one moderator may act on: administrators everything, a community moderator the posts and
 * comments of the communities they moderate (issue 18).
 */
export type ModerationScope =
  { everything: true } | { everything: false; moderatorId: number; communityIds: number[] };

/**
 * The one definition of "a community moderator may act on this item", for the queue, the report
 * actions and restoring: a post, or a comment on a post, of a community they moderate, written by
 * a member they may reach (a moderator is a member: the adults' and the minors' spaces of a
 * community stay apart, DESIGN.md "Safeguarding") and not by themselves (their own content is
 * judged by someone else: an administrator). Pinning is not judged by it (community-moderation
 * service): a moderator may pin their own welcome post.
 */
function moderatorMayActOn(
  scope: Extract<ModerationScope, { everything: false }>,
  targetType: SQL | AnyColumn,
  targetId: SQL | AnyColumn,
): SQL {
  const { moderatorId } = scope;
  const communityIds = sql`${`{${scope.communityIds.join(',')}}`}::bigint[]`;
  const fitsAuthor = (author: AnyColumn) =>
    sql`${author} <> ${moderatorId} and ${mayReach(moderatorId, author)}`;
  return sql`((${targetType} = 'post' and exists (select 1 from ${posts} where ${posts.id} = ${targetId}
      and ${posts.communityId} = any(${communityIds}) and ${fitsAuthor(posts.authorId)}))
    or (${targetType} = 'comment' and exists (select 1 from ${comments}
      inner join ${posts} on ${posts.id} = ${comments.contentId}
      where ${comments.contentKind} = 'post' and ${comments.id} = ${targetId}
      and ${posts.communityId} = any(${communityIds}) and ${fitsAuthor(comments.authorId)})))`;
}

/**
 * A report a community moderator may see and settle: its item is theirs to act on. Whoever
 * reported it, the queue does not name them to a community moderator (moderation service), so
 * the reporter need not be someone the moderator may reach.
 */
function moderatorMaySeeReport(scope: Extract<ModerationScope, { everything: false }>): SQL {
  return moderatorMayActOn(scope, reports.targetType, reports.targetId);
}

/**
 * Data access of moderation: the report queue with the reported content, hiding content,
 * suspending accounts, and the notices that tell members what happened.
 */
function moderationStore(db: Database) {
  const suspended = sql<boolean>`${users.suspendedAt} is not null`;

  /** Reported pieces of content of one kind, with their author. */
  function published(kind: ContentKind, ids: number[]) {
    const source = CONTENT_SOURCES[kind];
    return db
      .select({
        id: column<number>(source.id),
        authorId: column<number>(source.owner),
        authorName: name,
        createdAt: column<Date | null>(source.createdAt),
        text: column<string>(source.text),
        title: column<string | null>(source.title),
        imageKey: column<string | null>(source.imageKey),
        imageAlt: column<string>(source.imageAlt),
        parent: sql<null>`null`,
        hidden: sql<boolean>`${source.hiddenAt} is not null`,
        authorSuspended: suspended,
      })
      .from(source.table)
      .innerJoin(users, eq(users.id, source.owner))
      .leftJoin(profiles, eq(profiles.userId, source.owner))
      .where(inArray(source.id, ids));
  }

  /** Reported comments on content of one kind, with their author and what they were written under. */
  function commentsOn(kind: ContentKind, ids: number[]) {
    const source = CONTENT_SOURCES[kind];
    return db
      .select({
        id: comments.id,
        authorId: comments.authorId,
        authorName: name,
        createdAt: comments.createdAt,
        text: comments.text,
        title: sql<null>`null`,
        imageKey: sql<null>`null`,
        imageAlt: sql<string>`''`,
        parent: source.label,
        hidden: sql<boolean>`${comments.hiddenAt} is not null`,
        authorSuspended: suspended,
      })
      .from(comments)
      .innerJoin(source.table, eq(source.id, comments.contentId))
      .innerJoin(users, eq(users.id, comments.authorId))
      .leftJoin(profiles, eq(profiles.userId, comments.authorId))
      .where(and(eq(comments.contentKind, kind), inArray(comments.id, ids)));
  }

  /**
   * The reported items of a page of reports: one statement per type present (at most six),
   * whatever the number of reports.
   */
  async function contentOf(targets: { targetType: ReportTargetType; targetId: number | null }[]) {
    const ids = (type: ReportTargetType) => [
      ...new Set(
        targets.flatMap((target) =>
          target.targetType === type && target.targetId !== null ? [target.targetId] : [],
        ),
      ),
    ];
    const found = new Map<string, ReportedContent>();
    const put = (type: ReportTargetType, rows: ({ id: number } & ReportedContent)[]) => {
      for (const { id, ...content } of rows) found.set(`${type}:${id}`, content);
    };

    for (const type of HIDEABLE_TYPES) {
      const typeIds = ids(type);
      if (typeIds.length === 0) continue;
      const { kind, comment } = HIDEABLE[type];
      put(type, await (comment ? commentsOn(kind, typeIds) : published(kind, typeIds)));
    }
    const messageIds = ids('chat_message');
    if (messageIds.length)
      put(
        'chat_message',
        await db
          .select({
            id: chatMessages.id,
            // The inner join leaves out a former member's message: the report's snapshot shows it.
            authorId: users.id,
            authorName: name,
            createdAt: chatMessages.createdAt,
            text: chatMessages.message,
            title: sql<null>`null`,
            imageKey: sql<null>`null`,
            imageAlt: sql<string>`''`,
            parent: sql<null>`null`,
            hidden: sql<boolean>`false`,
            authorSuspended: suspended,
          })
          .from(chatMessages)
          .innerJoin(users, eq(users.id, chatMessages.senderId))
          .leftJoin(profiles, eq(profiles.userId, chatMessages.senderId))
          .where(inArray(chatMessages.id, messageIds)),
      );
    const memberIds = [...ids('member'), ...ids('chat_conversation')];
    if (memberIds.length)
      put(
        'member',
        await db
          .select({
            id: users.id,
            authorId: users.id,
            authorName: name,
            createdAt: sql<Date | null>`null`,
            text: sql<string>`coalesce(${profiles.bio}, '')`,
            title: sql<null>`null`,
            imageKey: profiles.photoKey,
            imageAlt: sql<string>`''`,
            parent: sql<null>`null`,
            hidden: sql<boolean>`false`,
            authorSuspended: suspended,
          })
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(inArray(users.id, memberIds)),
      );
    // A reported conversation is about the other member: their name, no published text.
    for (const target of targets)
      if (target.targetType === 'chat_conversation') {
        const member = found.get(`member:${target.targetId}`);
        if (member)
          found.set(`chat_conversation:${target.targetId}`, { ...member, text: '', imageKey: null });
      }
    return found;
  }

  const contextColumns = {
    id: chatMessages.id,
    senderId: chatMessages.senderId,
    formerSender: chatMessages.formerSender,
    message: chatMessages.message,
    createdAt: chatMessages.createdAt,
  };

  /**
   * The messages a moderator reads with a chat report, oldest first, whatever either member hid
   * for themselves: for a message, up to CHAT_REPORT_CONTEXT before and after it between the
   * same two members; for a conversation, the last 2 × CHAT_REPORT_CONTEXT + 1 sent before the
   * report. One bounded statement per chat report of the page, on the conversation index.
   */
  async function chatContextOf(refs: ChatReportRef[]) {
    const found = new Map<number, ContextMessage[]>();
    await Promise.all(
      refs.map(async (ref) => {
        // A reported member who was erased: their report's snapshot holds the context.
        if (ref.targetId === null) return;
        if (ref.targetType === 'chat_message') {
          const [reported] = await db
            .select({ senderId: chatMessages.senderId, receiverId: chatMessages.receiverId })
            .from(chatMessages)
            .where(eq(chatMessages.id, ref.targetId))
            .limit(1);
          if (!reported?.senderId) return;
          const conversation = conversationBetween(reported.senderId, reported.receiverId);
          const [before, after] = await Promise.all([
            db
              .select(contextColumns)
              .from(chatMessages)
              .where(and(conversation, lte(chatMessages.id, ref.targetId)))
              .orderBy(desc(chatMessages.id))
              .limit(CHAT_REPORT_CONTEXT + 1),
            db
              .select(contextColumns)
              .from(chatMessages)
              .where(and(conversation, gt(chatMessages.id, ref.targetId)))
              .orderBy(asc(chatMessages.id))
              .limit(CHAT_REPORT_CONTEXT),
          ]);
          found.set(ref.id, [...before.reverse(), ...after]);
        } else if (ref.targetType === 'chat_conversation') {
          const rows = await db
            .select(contextColumns)
            .from(chatMessages)
            .where(
              and(
                conversationBetween(ref.reporterId, ref.targetId),
                lte(chatMessages.createdAt, ref.createdAt),
              ),
            )
            .orderBy(desc(chatMessages.id))
            .limit(2 * CHAT_REPORT_CONTEXT + 1);
          found.set(ref.id, rows.reverse());
        }
      }),
    );
    return found;
  }

  return {
    contentOf,
    chatContextOf,

    /** Newest first; the open queue is what moderators work through, each what their scope holds. */
    queue: (scope: ModerationScope, status: 'open' | 'resolved', limit: number, offset: number) =>
      db
        .select({
          id: reports.id,
          targetType: reports.targetType,
          targetId: reports.targetId,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
          outcome: reports.outcome,
          createdAt: reports.createdAt,
          resolvedAt: reports.resolvedAt,
          reporterId: reports.reporterId,
          reporterName: name,
          snapshot: reports.snapshot,
          subjectLabel: reports.subjectLabel,
        })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .leftJoin(profiles, eq(profiles.userId, reports.reporterId))
        .where(and(eq(reports.status, status), scope.everything ? undefined : moderatorMaySeeReport(scope)))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(limit)
        .offset(offset),

    /** Whether a community moderator may settle this report (see `moderatorMaySeeReport`). */
    async moderatorMaySettle(scope: Extract<ModerationScope, { everything: false }>, reportId: number) {
      const [row] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.id, reportId), moderatorMaySeeReport(scope)))
        .limit(1);
      return row !== undefined;
    },

    /** Whether a community moderator may hide or restore this item (see `moderatorMayActOn`). */
    async moderatorMayActOn(
      scope: Extract<ModerationScope, { everything: false }>,
      targetType: ContentType,
      targetId: number,
    ) {
      const row = await firstRowOf<{ ok: boolean }>(
        db,
        sql`select ${moderatorMayActOn(scope, sql`${targetType}::text`, sql`${targetId}::bigint`)} as ok`,
      );
      return row?.ok === true;
    },

    /**
     * Whether the item's latest hide in the audit log was a community moderator's (the route
     * writes `content.hide` right after hiding; no entry, as after the log's retention period,
     * reads as an administrator's). On the log's target index.
     */
    async lastHiddenByCommunityModerator(type: ContentType, id: number) {
      const [row] = await db
        .select({
          byModerator: sql<boolean>`(${adminAuditLog.details} -> 'community_moderator') is not distinct from 'true'::jsonb`,
        })
        .from(adminAuditLog)
        .where(
          and(
            eq(adminAuditLog.targetType, type),
            eq(adminAuditLog.targetId, String(id)),
            eq(adminAuditLog.action, CONTENT_HIDE_ACTION),
          ),
        )
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
        .limit(1);
      return row?.byModerator === true;
    },

    async findReport(id: number) {
      const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
      return row;
    },

    /** Closes one open report; undefined when it was not open (already handled). */
    async resolveReport(id: number, outcome: ReportOutcome) {
      const [row] = await db
        .update(reports)
        .set({ status: 'resolved', outcome, resolvedAt: new Date() })
        .where(and(eq(reports.id, id), eq(reports.status, 'open')))
        .returning({ reporterId: reports.reporterId });
      return row;
    },

    /** Closes every open report of one item (several members may have reported it). */
    resolveReportsOn: (targetType: ReportTargetType, targetId: number, outcome: ReportOutcome) =>
      db
        .update(reports)
        .set({ status: 'resolved', outcome, resolvedAt: new Date() })
        .where(
          and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')),
        )
        .returning({ id: reports.id, reporterId: reports.reporterId, targetType: reports.targetType }),

    /** Hides or shows one item; its author, or undefined when it does not exist. */
    async setHidden(type: ContentType, id: number, hidden: boolean) {
      const { kind, comment } = HIDEABLE[type];
      const hiddenAt = hidden ? new Date() : null;
      if (comment) {
        const [row] = await db
          .update(comments)
          .set({ hiddenAt })
          .where(and(eq(comments.contentKind, kind), eq(comments.id, id)))
          .returning({ authorId: comments.authorId });
        return row;
      }
      const source = CONTENT_SOURCES[kind];
      const [row] = await db
        .update(source.table)
        .set({ hiddenAt })
        .where(eq(source.id, id))
        .returning({ authorId: column<number>(source.owner) });
      return row;
    },

    /** Suspends or reactivates a member (never an administrator); undefined when nothing changed. */
    async setSuspended(userId: number, suspended: boolean) {
      const [row] = await db
        .update(users)
        .set({ suspendedAt: suspended ? new Date() : null })
        .where(
          and(
            eq(users.id, userId),
            eq(users.role, 'member'),
            suspended ? isNull(users.suspendedAt) : isNotNull(users.suspendedAt),
          ),
        )
        .returning({ id: users.id });
      return row;
    },

    async memberExists(userId: number) {
      const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    suspendedMembers: (limit: number, offset: number) =>
      db
        .select({ id: users.id, name, email: users.email, suspendedAt: users.suspendedAt })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(isNotNull(users.suspendedAt))
        .orderBy(desc(users.suspendedAt), desc(users.id))
        .limit(limit)
        .offset(offset),

    addNotices: async (rows: NoticeRow[]) => {
      if (rows.length) await db.insert(memberNotices).values(rows);
    },

    notices: (userId: number, limit: number) =>
      db
        .select()
        .from(memberNotices)
        .where(eq(memberNotices.userId, userId))
        .orderBy(desc(memberNotices.createdAt), desc(memberNotices.id))
        .limit(limit),

    async markNoticeRead(userId: number, id: number) {
      const [row] = await db
        .update(memberNotices)
        .set({ readAt: sql`coalesce(${memberNotices.readAt}, now())` })
        .where(and(eq(memberNotices.id, id), eq(memberNotices.userId, userId)))
        .returning({ id: memberNotices.id });
      return row;
    },
  };
}

export type ModerationStore = ReturnType<typeof moderationStore>;

export function createModerationRepository(db: Database) {
  // Every signed-in `/api/me` asks it (most members moderate nothing): prepared once, here rather
  // than in the store, which each transaction builds anew and none of which needs it.
  const moderatedIdsStatement = db
    .select({ id: sql<number>`moderated.id`.mapWith(Number) })
    .from(sql`${moderatedCommunityIds(sql.placeholder('userId'))} as moderated(id)`)
    .orderBy(sql`1`)
    .prepare('moderation_moderated_ids');
  return {
    ...moderationStore(db),
    /**
     * The communities a member moderates, appointed or as a host (`moderatedCommunityIds`, issue
     * 35), with their e-mail (the audit log names the actor).
     */
    moderatorById: async (userId: number) => {
      const communityIds = (await moderatedIdsStatement.execute({ userId })).map((row) => row.id);
      // Most members moderate nothing: one statement for them, a second only for moderators.
      if (communityIds.length === 0) return undefined;
      const [account] = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isActive, true)))
        .limit(1);
      return account ? { email: account.email, communityIds } : undefined;
    },

    /** Runs several steps as one: all of them happen, or none. */
    transaction: <T>(work: (store: ModerationStore) => Promise<T>) =>
      db.transaction((tx) => work(moderationStore(tx))),
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
