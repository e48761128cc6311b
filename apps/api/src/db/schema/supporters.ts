import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SUPPORTER_PERMISSIONS, SUPPORTER_STATES } from '@juntos/domain';
import { memberReference, timeOfInsert } from './member-columns';
import { users } from './users';

/**
 * A member's grant to someone they trust (issue 37 point 1, decision 0047): the address invited,
 * the account that accepted it (empty until then), what it may do and its state. An ended grant
 * stays as the record of who helped when; a new invitation is a new row. Either account's
 * deletion deletes the row.
 */
export const supporters = pgTable(
  'supporters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: memberReference('member_id'),
    supporterId: bigint('supporter_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'cascade',
    }),
    /** The address the invitation was sent to (lower case); only that account may accept it. */
    invitedEmail: text('invited_email').notNull(),
    permissions: text('permissions', { enum: SUPPORTER_PERMISSIONS }).array().notNull(),
    state: text('state', { enum: SUPPORTER_STATES }).notNull().default('invited'),
    invitedAt: timeOfInsert('invited_at'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    // "My supporters" and "whom I help".
    index('supporters_member_idx').on(table.memberId, table.state),
    index('supporters_supporter_idx')
      .on(table.supporterId, table.state)
      .where(sql`${table.supporterId} is not null`),
    // Invitations waiting for an account with this address.
    index('supporters_invited_email_idx')
      .on(table.invitedEmail)
      .where(sql`${table.state} = 'invited'`),
    // One live grant per member and address.
    uniqueIndex('supporters_live_unique')
      .on(table.memberId, table.invitedEmail)
      .where(sql`${table.state} <> 'ended'`),
    check(
      'supporters_permissions_known',
      sql`cardinality(${table.permissions}) > 0 and ${table.permissions} <@ array[${sql.raw(
        SUPPORTER_PERMISSIONS.map((name) => `'${name}'`).join(', '),
      )}]::text[]`,
    ),
    check(
      'supporters_not_self',
      sql`${table.supporterId} is null or ${table.supporterId} <> ${table.memberId}`,
    ),
  ],
);

/**
 * What supporters did in a member's account (decision 0047): every change made with an acting
 * token, and every chat message sent with one. It is the member's record: it stays when the
 * grant ends, and when the supporter's account is erased it stays with the supporter emptied.
 */
export const supporterActions = pgTable(
  'supporter_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: memberReference('member_id'),
    supporterId: bigint('supporter_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The route's method and pattern (`POST /api/posts/`), or `WS chat_message`. */
    route: text('route').notNull(),
    scope: text('scope', { enum: SUPPORTER_PERMISSIONS }).notNull(),
    /** The item the route named (its `:id`), or the friend a message went to. */
    targetId: bigint('target_id', { mode: 'number' }),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [
    // The member's list, newest first, paged by id.
    index('supporter_actions_member_idx').on(table.memberId, table.id),
    // Emptied when the supporter's account goes.
    index('supporter_actions_supporter_idx').on(table.supporterId),
  ],
);
