import { and, asc, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { blocks, chatMessages, chatSettings, friendships, profiles, users } from '../../db/schema';

export type StoredMessage = typeof chatMessages.$inferSelect;

/** Chat messages and settings; who may write to whom is read here in the same statement. */
export function createChatRepository(db: Database) {
  const conversation = (a: number, b: number) =>
    sql`least(${chatMessages.senderId}, ${chatMessages.receiverId}) = ${Math.min(a, b)} and greatest(${chatMessages.senderId}, ${chatMessages.receiverId}) = ${Math.max(a, b)}`;

  return {
    /**
     * Everything a send needs in one round trip: the sender's name (for the message) and whether
     * the two are accepted friends with no block between them.
     */
    async writeContext(senderId: number, receiverId: number) {
      const [row] = await db
        .select({
          nombre: profiles.nombre,
          apellidos: profiles.apellidos,
          friends: sql<boolean>`exists (
            select 1 from ${friendships}
            where ${friendships.status} = 'accepted'
              and least(${friendships.requesterId}, ${friendships.addresseeId}) = ${Math.min(senderId, receiverId)}
              and greatest(${friendships.requesterId}, ${friendships.addresseeId}) = ${Math.max(senderId, receiverId)})`,
          blocked: sql<boolean>`exists (
            select 1 from ${blocks}
            where (${blocks.blockerId} = ${senderId} and ${blocks.blockedId} = ${receiverId})
               or (${blocks.blockerId} = ${receiverId} and ${blocks.blockedId} = ${senderId}))
            or exists (select 1 from ${users} where ${users.id} = ${receiverId} and ${users.suspendedAt} is not null)`,
        })
        .from(profiles)
        .where(eq(profiles.userId, senderId))
        .limit(1);
      return row;
    },

    /** Stores a message; with a temp_id already used by this sender, returns that message instead. */
    async store(values: { senderId: number; receiverId: number; tempId: string | null; message: string }) {
      const [created] = await db.insert(chatMessages).values(values).onConflictDoNothing().returning();
      if (created) return { message: created, isNew: true };
      const [existing] = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.senderId, values.senderId), eq(chatMessages.tempId, values.tempId ?? '')))
        .limit(1);
      return existing ? { message: existing, isNew: false } : undefined;
    },

    /** One page of a conversation, newest first: messages with an id below `beforeId`. */
    page: (a: number, b: number, beforeId: number | undefined, limit: number) =>
      db
        .select()
        .from(chatMessages)
        .where(beforeId ? and(conversation(a, b), lt(chatMessages.id, beforeId)) : conversation(a, b))
        .orderBy(
          desc(sql`least(${chatMessages.senderId}, ${chatMessages.receiverId})`),
          desc(sql`greatest(${chatMessages.senderId}, ${chatMessages.receiverId})`),
          desc(chatMessages.id),
        )
        .limit(limit),

    unreadCounts: (receiverId: number) =>
      db
        .select({ senderId: chatMessages.senderId, count: count() })
        .from(chatMessages)
        .where(and(eq(chatMessages.receiverId, receiverId), isNull(chatMessages.readAt)))
        .groupBy(chatMessages.senderId)
        .orderBy(asc(chatMessages.senderId))
        // A member has at most a few hundred friends; this bounds the answer all the same.
        .limit(1000),

    /** Marks what `senderId` wrote to `readerId` as read; how many messages that changed. */
    async markRead(readerId: number, senderId: number) {
      const rows = await db
        .update(chatMessages)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(chatMessages.receiverId, readerId),
            eq(chatMessages.senderId, senderId),
            isNull(chatMessages.readAt),
          ),
        )
        .returning({ id: chatMessages.id });
      return rows.length;
    },

    /** Spec §4 "Logout": every conversation the member took part in. */
    async deleteConversationsOf(userId: number) {
      const rows = await db
        .delete(chatMessages)
        .where(or(eq(chatMessages.senderId, userId), eq(chatMessages.receiverId, userId)))
        .returning({ id: chatMessages.id });
      return rows.length;
    },

    /** Names of the members who wrote the messages of a page (one query, not one per message). */
    names: (userIds: number[]) =>
      db
        .select({ userId: profiles.userId, nombre: profiles.nombre, apellidos: profiles.apellidos })
        .from(profiles)
        .where(sql`${profiles.userId} in ${userIds}`)
        .limit(userIds.length),

    async sendsReadReceipts(userId: number) {
      const [row] = await db
        .select({ value: chatSettings.sendReadReceipts })
        .from(chatSettings)
        .where(eq(chatSettings.userId, userId))
        .limit(1);
      return row?.value ?? true;
    },
    setSendsReadReceipts: (userId: number, value: boolean) =>
      db
        .insert(chatSettings)
        .values({ userId, sendReadReceipts: value })
        .onConflictDoUpdate({ target: chatSettings.userId, set: { sendReadReceipts: value } }),
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
