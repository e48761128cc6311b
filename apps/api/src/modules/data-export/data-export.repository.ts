import { and, asc, desc, eq, gte, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { shownTo } from '../../db/chat-conversations';
import type { Database } from '../../db/database';
import { mayReach } from '../../db/safeguarding';
import {
  adSlotEarnings,
  blocks,
  chatMessages,
  chatSettings,
  comments,
  consentRecords,
  dataExports,
  friendships,
  functionalAnswers,
  likes,
  memberNotices,
  monetizationAccounts,
  monetizationConsents,
  paymentProfiles,
  profiles,
  reports,
  users,
  withdrawals,
} from '../../db/schema';
import { CONTENT_SOURCES, sourceColumn as column, type ContentKind } from '../engagement';

/**
 * A ceiling per kind of record, so one export (built in memory, two at a time) never reads
 * without bound. Chat messages are the kind that grows fastest; they are kept
 * CHAT_MESSAGE_RETENTION_DAYS (180) after sending, so reaching the ceiling takes about 555
 * messages sent and received every day for half a year, far above real use. It is a ceiling,
 * not a promise: a friend scripting messages at the send limit (20 per 10 s) could pass it in a
 * day, and the copy then holds the oldest 100,000 (the moderators still have every one).
 */
export const EXPORT_ROWS_PER_KIND = 100_000;

/** A comment in the copy: its parent's and its text's names differ by kind (computed keys). */
type ExportedComment<Parent extends string, Text extends string> = {
  id: number;
  created_at: Date;
  hidden_by_moderators_at: Date | null;
} & Record<Parent, number> &
  Record<Text, string>;
type ExportedLike<Parent extends string> = { created_at: Date } & Record<Parent, number>;

/** Everything stored about one member, read kind by kind (one statement each). */
export function createDataExportRepository(db: Database) {
  const rowsOf = <T>(query: { limit(limit: number): Promise<T[]> }) => query.limit(EXPORT_ROWS_PER_KIND);
  const otherName = (otherId: SQL | AnyColumn) =>
    sql<string>`(select ${profiles.nombre} || ' ' || ${profiles.apellidos} from ${profiles} where ${profiles.userId} = ${otherId})`;

  return {
    async collect(userId: number) {
      const [account] = await db
        .select({
          id: users.id,
          email: users.email,
          telefono: users.telefono,
          tipo_registro: users.tipoRegistro,
          nombre_tutor: users.nombreTutor,
          relacion_tutor: users.relacionTutor,
          language: users.language,
          created_at: users.createdAt,
          activated_at: users.activatedAt,
          password_changed_at: users.passwordChangedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
      // node-postgres answers a computed bigint as a string; ids are numbers everywhere else.
      const friendId =
        sql<number>`case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`.mapWith(
          Number,
        );
      // Likes and comments of every kind of content in one statement each, told apart below.
      const written = await rowsOf(
        db
          .select({
            kind: comments.contentKind,
            id: comments.id,
            contentId: comments.contentId,
            text: comments.text,
            created_at: comments.createdAt,
            hidden_by_moderators_at: comments.hiddenAt,
          })
          .from(comments)
          .where(eq(comments.authorId, userId))
          .orderBy(asc(comments.createdAt)),
      );
      const liked = await rowsOf(
        db
          .select({ kind: likes.contentKind, contentId: likes.contentId, created_at: likes.createdAt })
          .from(likes)
          .where(eq(likes.userId, userId)),
      );
      /** The member's own content of one kind, oldest first, read through the content sources. */
      const published = (kind: ContentKind) => {
        const source = CONTENT_SOURCES[kind];
        return rowsOf(
          db
            .select({
              id: column<number>(source.id),
              title: column<string | null>(source.title),
              text: column<string>(source.text),
              image_key: column<string | null>(source.imageKey),
              image_alt: column<string>(source.imageAlt),
              created_at: column<Date>(source.createdAt),
              updated_at: column<Date>(source.updatedAt),
              hidden_by_moderators_at: column<Date | null>(source.hiddenAt),
            })
            .from(source.table)
            .where(eq(source.owner, userId))
            .orderBy(asc(source.createdAt)),
        );
      };
      /**
       * One kind's comments and likes under the names its copy has always used (`post_id` and
       * `text` for posts, `image_id` and `content` for gallery images).
       */
      const engagementOf = <Parent extends string, Text extends string>(
        kind: ContentKind,
        parent: Parent,
        textName: Text,
      ) => ({
        comments: written
          .filter((comment) => comment.kind === kind)
          .map(
            (comment) =>
              ({
                id: comment.id,
                [parent]: comment.contentId,
                [textName]: comment.text,
                created_at: comment.created_at,
                hidden_by_moderators_at: comment.hidden_by_moderators_at,
              }) as ExportedComment<Parent, Text>,
          ),
        likes: liked
          .filter((like) => like.kind === kind)
          .map((like) => ({ [parent]: like.contentId, created_at: like.created_at }) as ExportedLike<Parent>),
      });
      const postEngagement = engagementOf('post', 'post_id', 'text');
      const galleryEngagement = engagementOf('gallery_image', 'image_id', 'content');
      return {
        account,
        profile,
        functionalProfile: await rowsOf(
          db
            .select({
              characteristic: functionalAnswers.characteristicId,
              estado: functionalAnswers.estado,
              updated_at: functionalAnswers.updatedAt,
            })
            .from(functionalAnswers)
            .where(eq(functionalAnswers.userId, userId)),
        ),
        consents: await rowsOf(
          db
            .select({
              kind: consentRecords.kind,
              policy_version: consentRecords.policyVersion,
              accepted_at: consentRecords.acceptedAt,
            })
            .from(consentRecords)
            .where(eq(consentRecords.userId, userId)),
        ),
        posts: await published('post'),
        postComments: postEngagement.comments,
        postLikes: postEngagement.likes,
        // An image's text is its description, also its text alternative; its copy never had updated_at.
        gallery: (await published('gallery_image')).map(
          ({ id, title, text, image_key, created_at, hidden_by_moderators_at }) => ({
            id,
            title,
            description: text,
            image_key,
            created_at,
            hidden_by_moderators_at,
          }),
        ),
        galleryComments: galleryEngagement.comments,
        galleryLikes: galleryEngagement.likes,
        messages: await rowsOf(
          db
            .select({
              id: chatMessages.id,
              sender_id: chatMessages.senderId,
              receiver_id: chatMessages.receiverId,
              message: chatMessages.message,
              created_at: chatMessages.createdAt,
            })
            .from(chatMessages)
            .where(
              and(
                or(eq(chatMessages.senderId, userId), eq(chatMessages.receiverId, userId)),
                // Messages the member deleted for themselves are not theirs to see any more
                // (kept only for the moderators until the retention purge).
                shownTo(userId),
              ),
            )
            .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id)),
        ),
        chatSettings: await rowsOf(db.select().from(chatSettings).where(eq(chatSettings.userId, userId))),
        friends: await rowsOf(
          db
            .select({
              member_id: friendId,
              // The safeguarding rule: no name of a member the owner may no longer reach (a
              // block, a suspension, an age group corrected by an administrator).
              name: sql<
                string | null
              >`case when ${mayReach(userId, friendId)} then ${otherName(friendId)} end`,
              status: friendships.status,
              requested_by_me: sql<boolean>`${friendships.requesterId} = ${userId}`,
              created_at: friendships.createdAt,
              accepted_at: friendships.acceptedAt,
            })
            .from(friendships)
            .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId))),
        ),
        blocked: await rowsOf(
          db
            .select({
              member_id: blocks.blockedId,
              name: otherName(blocks.blockedId),
              created_at: blocks.createdAt,
            })
            .from(blocks)
            .where(eq(blocks.blockerId, userId)),
        ),
        reportsSent: await rowsOf(
          db
            .select({
              target_type: reports.targetType,
              target_id: reports.targetId,
              reason: reports.reason,
              details: reports.details,
              status: reports.status,
              outcome: reports.outcome,
              created_at: reports.createdAt,
            })
            .from(reports)
            .where(eq(reports.reporterId, userId)),
        ),
        notices: await rowsOf(
          db
            .select({
              kind: memberNotices.kind,
              data: memberNotices.data,
              created_at: memberNotices.createdAt,
              read_at: memberNotices.readAt,
            })
            .from(memberNotices)
            .where(eq(memberNotices.userId, userId)),
        ),
        monetization: {
          account: (
            await db
              .select()
              .from(monetizationAccounts)
              .where(eq(monetizationAccounts.userId, userId))
              .limit(1)
          )[0],
          consents: await rowsOf(
            db.select().from(monetizationConsents).where(eq(monetizationConsents.userId, userId)),
          ),
          slots: await rowsOf(db.select().from(adSlotEarnings).where(eq(adSlotEarnings.userId, userId))),
          paymentProfile: (
            await db.select().from(paymentProfiles).where(eq(paymentProfiles.userId, userId)).limit(1)
          )[0],
          withdrawals: await rowsOf(
            db
              .select()
              .from(withdrawals)
              .where(eq(withdrawals.userId, userId))
              .orderBy(asc(withdrawals.createdAt)),
          ),
        },
      };
    },

    /** The member's newest copy made since `keptSince` (older ones have expired). */
    async latest(userId: number, keptSince: Date) {
      const [row] = await db
        .select({
          id: dataExports.id,
          status: dataExports.status,
          sizeBytes: dataExports.sizeBytes,
          createdAt: dataExports.createdAt,
          readyAt: dataExports.readyAt,
        })
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), gte(dataExports.createdAt, keptSince)))
        .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
        .limit(1);
      return row;
    },

    /**
     * Starts a new export, replacing the member's finished ones; undefined when another request
     * started one meanwhile (the partial unique index allows one in preparation per member).
     */
    start: (userId: number) =>
      db.transaction(async (tx) => {
        await tx
          .delete(dataExports)
          .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'preparing')));
        const [row] = await tx
          .insert(dataExports)
          .values({ userId })
          .onConflictDoNothing()
          .returning({ id: dataExports.id, status: dataExports.status, createdAt: dataExports.createdAt });
        return row;
      }),

    /** Stores the ZIP; false when the copy was removed meanwhile (account deleted, expired). */
    async finish(id: number, archive: Buffer) {
      const updated = await db
        .update(dataExports)
        .set({ status: 'ready', archive, sizeBytes: archive.length, readyAt: new Date() })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'preparing')))
        .returning({ id: dataExports.id });
      return updated.length > 0;
    },

    fail: (id: number) => db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id)),

    async archive(userId: number, id: number, keptSince: Date) {
      const [row] = await db
        .select({ archive: dataExports.archive, createdAt: dataExports.createdAt })
        .from(dataExports)
        .where(
          and(
            eq(dataExports.id, id),
            eq(dataExports.userId, userId),
            eq(dataExports.status, 'ready'),
            gte(dataExports.createdAt, keptSince),
          ),
        )
        .limit(1);
      return row?.archive ? { archive: row.archive, createdAt: row.createdAt } : undefined;
    },

    /** Exports older than the cut-off are deleted, whoever they belong to. */
    removeOlderThan: (cutoff: Date) => db.delete(dataExports).where(lt(dataExports.createdAt, cutoff)),

    /** An export left "preparing" by an instance that stopped is marked failed. */
    failStale: (cutoff: Date) =>
      db
        .update(dataExports)
        .set({ status: 'failed' })
        .where(and(eq(dataExports.status, 'preparing'), lt(dataExports.createdAt, cutoff))),
  };
}

export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
export type MemberData = Awaited<ReturnType<DataExportRepository['collect']>>;
