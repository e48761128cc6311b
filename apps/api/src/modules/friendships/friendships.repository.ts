import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/database';
import { viewerValues } from '../../db/acting-viewer';
import { takeReportSnapshot } from '../moderation';
import { blocks, friendships, profiles, reports, users } from '../../db/schema';
import { adultsBornOnOrBefore, mayReach, mayReachAt, reachableButForOwnBlock } from '../../db/safeguarding';

/** Friendships, blocks and reports: who may see, ask and write to whom. */
export function createFriendshipsRepository(db: Database) {
  const between = (a: number, b: number) =>
    or(
      and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
      and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
    );
  const personColumns = {
    nombre: profiles.nombre,
    apellidos: profiles.apellidos,
    photoKey: profiles.photoKey,
    ciudad: profiles.ciudad,
    country: profiles.country,
    dateOfBirth: profiles.dateOfBirth,
    visibility: profiles.visibility,
  };

  // The friend list is a hot query (issue 19): built once, then bound per call. The day is a
  // parameter, so the statement applies today's birthdays however long ago it was prepared.
  const viewer = sql.placeholder('viewer');
  const friendsStatement = db
    .select({ id: profiles.userId, ...personColumns })
    .from(friendships)
    .innerJoin(
      profiles,
      sql`${profiles.userId} = case when ${friendships.requesterId} = ${viewer} then ${friendships.addresseeId} else ${friendships.requesterId} end`,
    )
    .where(
      and(
        or(eq(friendships.requesterId, viewer), eq(friendships.addresseeId, viewer)),
        eq(friendships.status, 'accepted'),
        // A suspended member, or one now in another age group, leaves their friends' lists.
        mayReachAt(viewer, profiles.userId, sql.placeholder('adultsFrom')),
      ),
    )
    .orderBy(profiles.nombre, profiles.userId)
    .limit(sql.placeholder('limit'))
    .prepare('friendships_friends');

  // Every socket that opens or closes tells the member's friends (presence): prepared once, as
  // a connection storm asks it thousands of times (issue 36).
  const friendOfViewer = sql<number>`case when ${friendships.requesterId} = ${viewer} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
  const friendIdsStatement = db
    .select({ id: friendOfViewer.mapWith(Number) })
    .from(friendships)
    .where(
      and(
        or(eq(friendships.requesterId, viewer), eq(friendships.addresseeId, viewer)),
        eq(friendships.status, 'accepted'),
        mayReachAt(viewer, friendOfViewer, sql.placeholder('adultsFrom')),
      ),
    )
    .limit(sql.placeholder('limit'))
    .prepare('friendships_friend_ids');

  /** The ids of a member's friends (whom a presence change is told to). */
  async function friendIds(userId: number, limit: number) {
    const rows = await friendIdsStatement.execute({
      ...viewerValues(userId),
      adultsFrom: adultsBornOnOrBefore(),
      limit,
    });
    return rows.map((row) => row.id);
  }

  return {
    /** The friendship between two members, in whichever direction it was asked. */
    async friendshipBetween(a: number, b: number) {
      const [row] = await db.select().from(friendships).where(between(a, b)).limit(1);
      return row;
    },
    /**
     * Accepted friends whom the safeguarding rule still lets reach each other (a block, a
     * suspension or a change of age group ends what a friendship opens: gallery, chat).
     */
    async areFriends(a: number, b: number) {
      const [row] = await db
        .select({ status: friendships.status })
        .from(friendships)
        .where(and(between(a, b), eq(friendships.status, 'accepted'), mayReach(a, sql`${b}::bigint`)))
        .limit(1);
      return row !== undefined;
    },
    async isBlockedBetween(a: number, b: number) {
      const [row] = await db
        .select({ blocker: blocks.blockerId })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
            and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** A member who can take part: active, with a complete profile. */
    async participant(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          tipoRegistro: users.tipoRegistro,
          dateOfBirth: profiles.dateOfBirth,
          nombre: profiles.nombre,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(
          and(
            eq(users.id, userId),
            eq(users.isActive, true),
            isNull(users.suspendedAt),
            sql`${users.profileCompletedAt} is not null`,
          ),
        )
        .limit(1);
      return row;
    },

    /** Inserts a pending request; undefined when the pair already has one (unique pair index). */
    async createRequest(requesterId: number, addresseeId: number) {
      const [row] = await db
        .insert(friendships)
        .values({ requesterId, addresseeId })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    accept: (id: number) =>
      db
        .update(friendships)
        .set({ status: 'accepted', acceptedAt: new Date() })
        .where(eq(friendships.id, id))
        .returning(),
    removeById: (id: number) => db.delete(friendships).where(eq(friendships.id, id)).returning(),
    removeBetween: (a: number, b: number) => db.delete(friendships).where(between(a, b)).returning(),
    async requestById(id: number) {
      const [row] = await db.select().from(friendships).where(eq(friendships.id, id)).limit(1);
      return row;
    },

    /** Requests a member received and has not answered, newest first, with the sender. */
    received: (userId: number, limit: number) =>
      db
        .select({ id: friendships.id, senderId: friendships.requesterId, ...personColumns })
        .from(friendships)
        .innerJoin(profiles, eq(profiles.userId, friendships.requesterId))
        .where(
          and(
            eq(friendships.addresseeId, userId),
            eq(friendships.status, 'pending'),
            mayReach(userId, friendships.requesterId),
          ),
        )
        .orderBy(desc(friendships.createdAt))
        .limit(limit),

    async pendingCount(userId: number) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(friendships)
        .where(
          and(
            eq(friendships.addresseeId, userId),
            eq(friendships.status, 'pending'),
            mayReach(userId, friendships.requesterId),
          ),
        );
      return row?.count ?? 0;
    },

    friends: (userId: number, limit: number) =>
      friendsStatement.execute({ ...viewerValues(userId), adultsFrom: adultsBornOnOrBefore(), limit }),

    friendIds,

    /**
     * `friendIds` for many members in one statement (presence changes during a storm of
     * reconnections): the rule's lists are computed once per member, in its lateral sub-select.
     */
    async friendIdsOfEach(userIds: readonly number[], limit: number) {
      const friendsOf = new Map<number, number[]>(userIds.map((userId) => [userId, []]));
      if (userIds.length === 0) return friendsOf;
      // One member (a quiet moment): the prepared statement, planned once.
      const [only] = userIds;
      if (userIds.length === 1 && only !== undefined) {
        friendsOf.set(only, await friendIds(only, limit));
        return friendsOf;
      }
      const member = sql.raw('presence_member.id');
      const friendOfMember = sql`case when ${friendships.requesterId} = ${member} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
      const rows = await rowsOf<{ member: unknown; friend: unknown }>(
        db,
        sql`
        select presence_member.id as member, reached.friend
        from unnest(${sql.param([...userIds])}::bigint[]) as presence_member(id)
        cross join lateral (
          select ${friendOfMember} as friend from ${friendships}
          where (${friendships.requesterId} = ${member} or ${friendships.addresseeId} = ${member})
            and ${friendships.status} = 'accepted'
            and ${mayReachAt(member, friendOfMember, adultsBornOnOrBefore(), null)}
          limit ${limit}
        ) as reached`,
      );
      for (const row of rows) friendsOf.get(Number(row.member))?.push(Number(row.friend));
      return friendsOf;
    },

    /** Blocks and ends any friendship or request between the two, in one transaction. */
    block: (blockerId: number, blockedId: number) =>
      db.transaction(async (tx) => {
        await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
        await tx.delete(friendships).where(between(blockerId, blockedId));
      }),
    unblock: (blockerId: number, blockedId: number) =>
      db
        .delete(blocks)
        .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
        .returning(),
    /**
     * The members one has blocked, newest first. Name and photo only for members the blocker would
     * reach but for this block (`reachableButForOwnBlock`): anyone else stays a bare id.
     */
    blocked: (blockerId: number, limit: number) =>
      db
        .select({
          id: blocks.blockedId,
          known: reachableButForOwnBlock(blockerId, blocks.blockedId).mapWith(Boolean),
          nombre: profiles.nombre,
          apellidos: profiles.apellidos,
          photoKey: profiles.photoKey,
        })
        .from(blocks)
        .leftJoin(profiles, eq(profiles.userId, blocks.blockedId))
        .where(eq(blocks.blockerId, blockerId))
        .orderBy(desc(blocks.createdAt))
        .limit(limit),

    /** Whether an account exists, complete profile or not (any account can be blocked). */
    async accountExists(userId: number) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return row !== undefined;
    },

    /**
     * Stores a report with a snapshot of what it is about (decision 0032: the report keeps what
     * was filed when the author deletes it or their account); the same member reporting the same
     * item again while it waits adds nothing.
     */
    async report(values: Omit<typeof reports.$inferInsert, 'snapshot'> & { targetId: number }) {
      const now = new Date();
      const snapshot = await takeReportSnapshot(db, { ...values, id: 0, createdAt: now }, now);
      const [created] = await db
        .insert(reports)
        // A former member's message (reported after their erasure) names them by label only.
        .values({ ...values, snapshot, subjectLabel: snapshot?.author_label ?? null, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      if (created) return [created];
      return db
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, values.reporterId),
            eq(reports.targetType, values.targetType),
            eq(reports.targetId, values.targetId),
            eq(reports.status, 'open'),
          ),
        )
        .limit(1);
    },
  };
}

export type FriendshipsRepository = ReturnType<typeof createFriendshipsRepository>;
