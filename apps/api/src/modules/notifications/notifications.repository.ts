import {
  DEFAULT_CHANNELS,
  DEFAULT_EMAIL_FREQUENCY,
  NOTIFICATION_KINDS,
  NOTIFICATION_NAMED_ACTORS,
  NOTIFICATION_PAGE_SIZE,
  PLATFORM_NOTIFICATION_KINDS,
  type ChannelSwitches,
  type EmailFrequency,
  type NotificationKind,
} from '@juntos/domain';
import { and, eq, sql } from 'drizzle-orm';
import { firstRowOf, rowsOf, type Database } from '../../db/database';
import { mayReach } from '../../db/safeguarding';
import { notFilteredOut, notMutedBy } from '../../db/visibility';
import {
  chatMessages,
  memberMutes,
  notificationActors,
  notificationPreferences,
  notifications,
  profiles,
  users,
} from '../../db/schema';

/** One event to tell a member (`actorId` null: the platform itself, for moderation and payments). */
export type NotificationEvent = {
  userId: number;
  kind: NotificationKind;
  actorId: number | null;
  /** Repeats with the same key group into one unread notification. */
  groupKey: string;
  subject: { type: string; id: number } | null;
  communityId?: number | null;
  outcome?: string | null;
  /**
   * The words that caused it (a comment's), checked against the member's hidden phrases (issue
   * 37) and never stored.
   */
  words?: string | undefined;
};

export type Preferences = {
  channels: Record<NotificationKind, ChannelSwitches>;
  emailFrequency: EmailFrequency;
  quietFrom: number | null;
  quietTo: number | null;
  timeZone: string;
  lastDigestAt: Date | null;
};

type StoredPreferences = typeof notificationPreferences.$inferSelect | undefined;

type StoredChannels = NonNullable<StoredPreferences>['channels'];

/** A member's stored channel choices over the defaults, kind by kind. */
const channelsWithDefaults = (stored: StoredChannels | undefined) =>
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT_CHANNELS[kind], ...stored?.[kind] }]),
  ) as Record<NotificationKind, ChannelSwitches>;

/** A member's stored choices over the defaults, kind by kind. */
export function withDefaults(row: StoredPreferences): Preferences {
  return {
    channels: channelsWithDefaults(row?.channels),
    emailFrequency: row?.emailFrequency ?? DEFAULT_EMAIL_FREQUENCY,
    quietFrom: row?.quietFrom ?? null,
    quietTo: row?.quietTo ?? null,
    timeZone: row?.timeZone ?? 'UTC',
    lastDigestAt: row?.lastDigestAt ?? null,
  };
}

/** The kinds a member wants on one channel. */
export const kindsWith = (preferences: Pick<Preferences, 'channels'>, channel: keyof ChannelSwitches) =>
  NOTIFICATION_KINDS.filter((kind) => preferences.channels[kind][channel]);

/** The notification centre's storage: grouped events, read state, choices, what e-mails count. */
export function createNotificationsRepository(db: Database) {
  /** The actors the member may still reach (a block since, another age group: no name shown). */
  // …and not muted by the member (issue 37): a muted member's likes and comments leave no trace.
  const reachableActor = (viewerId: number) =>
    sql`(${mayReach(viewerId, notificationActors.actorId)} and ${notMutedBy(viewerId, notificationActors.actorId)})`;

  /**
   * A notification the member may see: one the platform made (moderation, payments), or one with
   * at least one actor they may still reach. Likes from someone blocked since, or whose account
   * is gone, leave no "0 people" behind.
   */
  const shownTo = (viewerId: number) =>
    sql`(${notifications.kind} = any(${sql.param([...PLATFORM_NOTIFICATION_KINDS])}::text[])
      or exists (select 1 from ${notificationActors} where ${notificationActors.notificationId} = ${notifications.id} and ${reachableActor(viewerId)}))`;

  /**
   * How many events of a notification the member is told of. Messages are counted by events and
   * grouped across senders ("3 new messages"), so when a sender has left the member's reach (a
   * block since, another age group, a suspension) their messages must not count: the count is
   * then the member's unread messages from the senders still in reach (at least one, since the
   * notification is shown only with one of them), never more than the events recorded. Other
   * kinds are counted by people, who are filtered by `reachableActor`.
   */
  const eventsShownTo = (viewerId: number) => sql<number>`case
    when ${notifications.kind} = 'message' and exists (select 1 from ${notificationActors} where ${notificationActors.notificationId} = ${notifications.id} and not ${reachableActor(viewerId)})
    then greatest(1, least(${notifications.events}, (
      select count(*)::int from ${chatMessages}
      where ${chatMessages.receiverId} = ${viewerId} and ${chatMessages.readAt} is null
        and ${chatMessages.senderId} in (select ${notificationActors.actorId} from ${notificationActors} where ${notificationActors.notificationId} = ${notifications.id} and ${reachableActor(viewerId)}))))
    else ${notifications.events} end`;

  async function preferences(userId: number): Promise<Preferences> {
    const [row] = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .limit(1);
    return withDefaults(row);
  }

  return {
    /**
     * Whether the member muted the actor, or hides a phrase the words hold (issue 37): then the
     * event notifies them of nothing. One statement for both, on the path of every notification.
     */
    async unwanted(userId: number, actorId: number | null, words: string | undefined) {
      const muted =
        actorId === null
          ? sql`false`
          : sql`exists (select 1 from ${memberMutes} where ${memberMutes.userId} = ${userId} and ${memberMutes.mutedId} = ${actorId})`;
      const filtered = words ? sql`not ${notFilteredOut(userId, sql`${words}::text`)}` : sql`false`;
      const row = await firstRowOf<{ unwanted: boolean }>(
        db,
        sql`select (${muted}) or (${filtered}) as unwanted`,
      );
      return row?.unwanted === true;
    },
    preferences,

    /** The choices of many members at once (one statement), over the defaults. */
    async preferencesOf(userIds: readonly number[]) {
      const rows =
        userIds.length === 0
          ? []
          : await db
              .select()
              .from(notificationPreferences)
              .where(sql`${notificationPreferences.userId} = any(${sql.param([...userIds])}::bigint[])`);
      const stored = new Map(rows.map((row) => [Number(row.userId), row]));
      return new Map(userIds.map((userId) => [userId, withDefaults(stored.get(userId))]));
    },

    /**
     * One platform event (no actor) for many members in one statement, grouped like `record`:
     * a member's unread notification of the same group key counts one more event.
     */
    async recordMany(userIds: readonly number[], event: Omit<NotificationEvent, 'userId' | 'actorId'>) {
      if (userIds.length === 0) return;
      await db.execute(sql`
        insert into ${notifications} (user_id, kind, group_key, subject_type, subject_id, community_id, outcome)
        select member, ${event.kind}, ${event.groupKey}, ${event.subject?.type ?? null},
          ${event.subject?.id ?? null}::bigint, ${event.communityId ?? null}::bigint, ${event.outcome ?? null}
        from unnest(${sql.param([...userIds])}::bigint[]) as member
        on conflict (user_id, group_key) where read_at is null
        do update set events = ${notifications}.events + 1, updated_at = now(), outcome = excluded.outcome`);
    },

    /**
     * Stores one event: a new notification, or one more event on the member's unread one with
     * the same group key (one statement, so two instances recording at once still make one row).
     */
    async record(event: NotificationEvent) {
      await db.execute(sql`
        with stored as (
          insert into ${notifications} (user_id, kind, group_key, subject_type, subject_id, community_id, outcome)
          values (${event.userId}, ${event.kind}, ${event.groupKey}, ${event.subject?.type ?? null},
            ${event.subject?.id ?? null}, ${event.communityId ?? null}, ${event.outcome ?? null})
          on conflict (user_id, group_key) where read_at is null
          do update set events = ${notifications}.events + 1, updated_at = now(), outcome = excluded.outcome
          returning id
        ), actor as (
          insert into ${notificationActors} (notification_id, actor_id)
          select id, ${event.actorId}::bigint from stored where ${event.actorId}::bigint is not null
          on conflict (notification_id, actor_id) do update set acted_at = now()
        )
        select 1`);
    },

    /**
     * One page of the centre, newest event first: the kinds the member shows in the app, with
     * the number of members who acted and the latest of them by name (those the member may still
     * reach), all in one statement.
     */
    async page(userId: number, shownKinds: readonly NotificationKind[], before: number | undefined) {
      const cursor =
        before === undefined
          ? sql`true`
          : sql`(${notifications.updatedAt}, ${notifications.id}) < (select updated_at, id from ${notifications} where id = ${before} and user_id = ${userId})`;
      const people = sql<number>`(select count(*)::int from ${notificationActors} where ${notificationActors.notificationId} = ${notifications.id} and ${reachableActor(userId)})`;
      const actors = sql<{ id: number; nombre: string; apellidos: string }[]>`coalesce((
        select json_agg(json_build_object('id', named.actor_id, 'nombre', named.nombre, 'apellidos', named.apellidos) order by named.acted_at desc)
        from (
          select ${notificationActors.actorId} as actor_id, ${profiles.nombre} as nombre, ${profiles.apellidos} as apellidos, ${notificationActors.actedAt} as acted_at
          from ${notificationActors} join ${profiles} on ${profiles.userId} = ${notificationActors.actorId}
          where ${notificationActors.notificationId} = ${notifications.id} and ${reachableActor(userId)}
          order by ${notificationActors.actedAt} desc
          limit ${NOTIFICATION_NAMED_ACTORS}
        ) named), '[]'::json)`;
      const rows = await db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          events: eventsShownTo(userId),
          subjectType: notifications.subjectType,
          subjectId: notifications.subjectId,
          communityId: notifications.communityId,
          outcome: notifications.outcome,
          readAt: notifications.readAt,
          updatedAt: notifications.updatedAt,
          people,
          actors,
        })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            sql`${notifications.kind} = any(${sql.param([...shownKinds])}::text[])`,
            cursor,
            shownTo(userId),
          ),
        )
        .orderBy(sql`${notifications.updatedAt} desc, ${notifications.id} desc`)
        .limit(NOTIFICATION_PAGE_SIZE + 1);
      return rows;
    },

    /**
     * How many unread notifications the member is shown in the app: the bell, which every page
     * asks for. One statement counts them by kind, with the member's channel choices beside the
     * counts, so that which kinds count is still decided by `kindsWith`.
     */
    async unreadCount(userId: number) {
      const rows = await db
        .select({
          kind: notifications.kind,
          count: sql<number>`count(*)::int`,
          channels: sql<StoredChannels | null>`(select ${notificationPreferences.channels} from ${notificationPreferences} where ${notificationPreferences.userId} = ${userId})`,
        })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), sql`${notifications.readAt} is null`, shownTo(userId)))
        .groupBy(notifications.kind);
      const shown = new Set(
        kindsWith({ channels: channelsWithDefaults(rows[0]?.channels ?? undefined) }, 'in_app'),
      );
      return rows.reduce((total, row) => total + (shown.has(row.kind) ? row.count : 0), 0);
    },

    /** Marks one of the member's notifications read; false when it is not theirs or not there. */
    async markRead(userId: number, id: number) {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async markAllRead(userId: number) {
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), sql`${notifications.readAt} is null`));
    },

    async savePreferences(userId: number, values: Omit<Preferences, 'lastDigestAt'>) {
      const row = {
        channels: values.channels,
        emailFrequency: values.emailFrequency,
        quietFrom: values.quietFrom,
        quietTo: values.quietTo,
        timeZone: values.timeZone,
        updatedAt: sql`now()`,
      };
      await db
        .insert(notificationPreferences)
        .values({ userId, ...row })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: row });
    },

    async setEmailFrequency(userId: number, emailFrequency: EmailFrequency) {
      await db
        .insert(notificationPreferences)
        .values({ userId, emailFrequency })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { emailFrequency, updatedAt: sql`now()` },
        });
    },

    /** Where and in which language e-mails to this member go, and whether it is a minor's account. */
    async recipient(userId: number) {
      const [row] = await db
        .select({ email: users.email, language: users.language, tipoRegistro: users.tipoRegistro })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /**
     * What the member has not read and no e-mail (or push) has counted yet, per kind, for the
     * kinds they want on that channel: counts only, never who or what. `asOf` is the moment
     * counted, for `markSent` once the e-mail or push is out (a failure leaves them for the retry).
     *
     * Counted as the centre shows them (issue 32): only notifications the member may see
     * (`shownTo`), people they may still reach, messages of senders in reach. A notification left
     * with nobody in reach is marked counted on that channel here, in the same statement: there
     * is nothing to tell of it, and the digest sweep would otherwise pick the member again and
     * again for it.
     */
    async pending(userId: number, kinds: readonly NotificationKind[], channel: 'email' | 'push') {
      const sentAt = channel === 'email' ? sql.raw('emailed_at') : sql.raw('pushed_at');
      const rows = await rowsOf<{
        kind: NotificationKind;
        notifications: number;
        events: number;
        people: number;
        as_of: string;
      }>(
        db,
        sql`
        with pending as (
          select ${notifications.id} as id, ${notifications.kind} as kind,
            ${eventsShownTo(userId)} as events, ${shownTo(userId)} as shown
          from ${notifications}
          where ${notifications.userId} = ${userId} and ${notifications.readAt} is null
            and (${sentAt} is null or ${sentAt} < ${notifications.updatedAt})
            and ${notifications.kind} = any(${sql.param([...kinds])}::text[])
        ), nothing_to_tell as (
          update ${notifications} set ${sentAt} = now()
          where ${notifications.id} in (select id from pending where not shown)
          returning 1
        )
        select kind, count(*)::int as notifications, sum(events)::int as events,
          (select count(distinct ${notificationActors.actorId})::int from ${notificationActors}
            where ${notificationActors.notificationId} in (select p2.id from pending p2 where p2.kind = pending.kind and p2.shown)
              and ${reachableActor(userId)}) as people,
          now()::text as as_of
        from pending where shown group by kind`,
      );
      return {
        counts: rows.map((row) => ({
          kind: row.kind,
          notifications: Number(row.notifications),
          events: Number(row.events),
          people: Number(row.people),
        })),
        asOf: rows[0]?.as_of ?? null,
      };
    },

    /** Marks as counted on that channel what `pending` counted (nothing that arrived after `asOf`). */
    async markSent(
      userId: number,
      kinds: readonly NotificationKind[],
      asOf: string,
      channel: 'email' | 'push',
    ) {
      await db
        .update(notifications)
        .set(channel === 'email' ? { emailedAt: sql`now()` } : { pushedAt: sql`now()` })
        .where(
          and(
            eq(notifications.userId, userId),
            sql`${notifications.readAt} is null`,
            sql`${notifications.updatedAt} <= ${asOf}::timestamptz`,
            sql`${notifications.kind} = any(${sql.param([...kinds])}::text[])`,
          ),
        );
    },

    async markDigestSent(userId: number) {
      await db
        .insert(notificationPreferences)
        .values({ userId, lastDigestAt: sql`now()` })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: { lastDigestAt: sql`now()` } });
    },

    /**
     * Members whose daily or weekly digest is due and who have something unread that no e-mail
     * counted yet (bounded: the sweep runs again for the rest). Members without a stored choice
     * have the default (daily).
     */
    async dueForDigest(limit: number) {
      const rows = await rowsOf<{ user_id: number }>(
        db,
        sql`
        select n.user_id::int as user_id
        from ${notifications} n
        left join ${notificationPreferences} p on p.user_id = n.user_id
        where n.read_at is null and (n.emailed_at is null or n.emailed_at < n.updated_at)
          and coalesce(p.email_frequency, ${DEFAULT_EMAIL_FREQUENCY}) in ('daily', 'weekly')
          and (p.last_digest_at is null or p.last_digest_at < now() - case
                when coalesce(p.email_frequency, ${DEFAULT_EMAIL_FREQUENCY}) = 'weekly' then interval '7 days'
                else interval '1 day' end + interval '10 minutes')
        group by n.user_id
        limit ${limit}`,
      );
      return rows.map((row) => Number(row.user_id));
    },

    /** Deletes notifications whose last event is older than `days`. */
    async expire(days: number) {
      const rows = await db
        .delete(notifications)
        .where(sql`${notifications.updatedAt} < now() - make_interval(days => ${days})`)
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
