import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_KINDS,
  EMAIL_FREQUENCIES,
  type ChannelSwitches,
  type NotificationKind,
} from '@juntos/domain';
import { users } from './users';
import { memberReference, timeOfInsert } from './member-columns';

/**
 * What the notification centre lists (issue 20). Repeats of one event on one thing group into one
 * row while it is unread (`group_key`: "like:post:12"): a second like adds its member to
 * `notification_actors` and counts one more event, so "3 people liked your post" is one row and
 * a repeated delivery of the same like adds nobody. Once read, the next event starts a new row.
 * Rows are deleted NOTIFICATION_RETENTION_DAYS after their last event (the retention job).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    groupKey: text('group_key').notNull(),
    /** What it is about: a post, a gallery image, a member, a community, a withdrawal. */
    subjectType: text('subject_type'),
    subjectId: bigint('subject_id', { mode: 'number' }),
    /** A community reply's or a community post's community, for the link. */
    communityId: bigint('community_id', { mode: 'number' }),
    /** A withdrawal's new state, a moderation notice's kind. */
    outcome: text('outcome'),
    events: integer('events').notNull().default(1),
    createdAt: timeOfInsert('created_at'),
    updatedAt: timeOfInsert('updated_at'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When an e-mail (immediate or digest) last counted this row, so the next one does not. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (table) => [
    // The centre lists a member's rows newest event first, and pages on (updated_at, id).
    index('notifications_user_idx').on(table.userId, table.updatedAt, table.id),
    uniqueIndex('notifications_unread_group_idx')
      .on(table.userId, table.groupKey)
      .where(sql`${table.readAt} is null`),
    index('notifications_updated_idx').on(table.updatedAt),
  ],
);

/** The members who acted on one notification (deleted with their account, so no name outlives it). */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: memberReference('actor_id'),
    actedAt: timeOfInsert('acted_at'),
  },
  (table) => [
    primaryKey({ columns: [table.notificationId, table.actorId] }),
    index('notification_actors_actor_idx').on(table.actorId),
  ],
);

/**
 * A member's choices (issue 20): channels per kind, e-mail frequency, quiet hours in their time
 * zone. No row means the defaults (DEFAULT_CHANNELS); a kind missing from `channels` too.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels')
    .$type<Partial<Record<NotificationKind, ChannelSwitches>>>()
    .notNull()
    .default({}),
  emailFrequency: text('email_frequency', { enum: EMAIL_FREQUENCIES }).notNull().default('daily'),
  /** Minutes after midnight; both null: no quiet hours. */
  quietFrom: smallint('quiet_from'),
  quietTo: smallint('quiet_to'),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** When the last digest went out (daily or weekly), so the next is due a period later. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timeOfInsert('updated_at'),
});

/**
 * One browser or device where the member turned push notifications on (issue 20): the push
 * service's address and the keys that encrypt what is sent there. Removed when the member removes
 * the device, and when the push service answers that the subscription is gone (404, 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Firefox on Android", from the browser's own description when it subscribed. */
    label: text('label').notNull(),
    createdAt: timeOfInsert('created_at'),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);
