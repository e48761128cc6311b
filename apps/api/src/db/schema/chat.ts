import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { helperIndex, helperReference, memberReference, timeOfInsert } from './member-columns';

/**
 * One chat message between two friends (spec §3 "Chat message"). Signing out hides the member's
 * own copy only (`chat_settings.hidden_through_id`): the other member keeps theirs, and the
 * moderators keep the evidence for CHAT_MESSAGE_RETENTION_DAYS after sending, when the purge
 * deletes it (issue 16). When the sender's account is erased the receiver's copy stays until
 * then too, without the sender (decision 0032): `sender_id` becomes null and `former_sender`
 * holds a random label drawn at the erasure. The indexes serve a conversation page, the unread
 * counts, a resend and the purge.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null once the sender was erased: what they wrote stays the receiver's evidence. */
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    receiverId: memberReference('receiver_id'),
    /** The sender's own id for the message, so a resend after a reconnection stores nothing new. */
    tempId: text('temp_id'),
    message: text('message').notNull(),
    /**
     * The symbols (ids of the board's catalogue, in order) the sender wrote it with, shown above
     * the words to the receiver (issue 21); null for a message typed without the symbol board.
     */
    symbols: text('symbols').array(),
    createdAt: timeOfInsert('created_at'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * For an erased sender: a random label, the same for all their messages and nothing else, so
     * the receiver can tell one former member's conversation from another's without an id.
     */
    formerSender: text('former_sender'),
    helperId: helperReference('helper_id'),
  },
  (table) => [
    // A conversation in either direction is one range of this index, read backwards by id.
    index('chat_messages_conversation_idx').on(
      sql`least(${table.senderId}, ${table.receiverId})`,
      sql`greatest(${table.senderId}, ${table.receiverId})`,
      table.id,
    ),
    // With the id, the unread count leaves out what the reader hid without reading the rows.
    index('chat_messages_unread_idx')
      .on(table.receiverId, table.senderId, table.id)
      .where(sql`${table.readAt} is null`),
    index('chat_messages_created_at_idx').on(table.createdAt),
    // Account deletion (cascade) and reports look up both sides.
    index('chat_messages_sender_idx').on(table.senderId),
    index('chat_messages_receiver_idx').on(table.receiverId),
    // A receiver's conversations with former members (decision 0032).
    index('chat_messages_former_sender_idx')
      .on(table.receiverId, table.formerSender, table.id)
      .where(sql`${table.formerSender} is not null`),
    helperIndex('chat_messages', table.helperId),
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
  /**
   * "Delete my messages" (every sign-out): messages up to this id are hidden from this member
   * only. One number per member makes hiding one write and every read an id range, whatever the
   * number of messages.
   */
  hiddenThroughId: bigint('hidden_through_id', { mode: 'number' }).notNull().default(0),
});
