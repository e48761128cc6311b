import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One chat message between two friends (spec §3 "Chat message"). Messages are kept only until one
 * of the two signs out (spec §4 "Logout" deletes the member's conversations), so the table stays
 * small; the indexes serve the three reads: a conversation page, the unread counts, a resend.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: bigint('receiver_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sender's own id for the message, so a resend after a reconnection stores nothing new. */
    tempId: text('temp_id'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    // A conversation in either direction is one range of this index, read backwards by id.
    index('chat_messages_conversation_idx').on(
      sql`least(${table.senderId}, ${table.receiverId})`,
      sql`greatest(${table.senderId}, ${table.receiverId})`,
      table.id,
    ),
    index('chat_messages_unread_idx')
      .on(table.receiverId, table.senderId)
      .where(sql`${table.readAt} is null`),
    // Deleting a member's conversations (sign-out, account deletion) looks up both sides.
    index('chat_messages_sender_idx').on(table.senderId),
    index('chat_messages_receiver_idx').on(table.receiverId),
    uniqueIndex('chat_messages_sender_temp_id_unique').on(table.senderId, table.tempId),
    check('chat_messages_not_self', sql`${table.senderId} <> ${table.receiverId}`),
  ],
);

/** A member's chat settings; no row means the defaults. */
export const chatSettings = pgTable('chat_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Whether the people this member reads get a read receipt (spec §4 "Chat": the tick). */
  sendReadReceipts: boolean('send_read_receipts').notNull().default(true),
});
