import { supporterActingFor } from '../../db/acting-viewer';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  max,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { conversationBetween, shownTo, unorderedPair } from '../../db/chat-conversations';
import { rowsOf, type Database } from '../../db/database';
import { adultsBornOnOrBefore, mayReach, mayReachAt } from '../../db/safeguarding';
import { chatMessages, chatSettings, friendships, profiles, users } from '../../db/schema';

export type StoredMessage = typeof chatMessages.$inferSelect;
export type NewMessage = {
  senderId: number;
  receiverId: number;
  tempId: string | null;
  message: string;
  symbols?: string[] | null;
  /** The supporter who wrote it for the sender (decision 0047). */
  helperId?: number | null;
};
export type StoreResult = { message: StoredMessage; isNew: boolean };

/** A row as a raw statement returns it: node-postgres gives bigints as strings. */
type RawMessageRow = {
  id: string | number;
  sender_id: string | number;
  receiver_id: string | number;
  temp_id: string | null;
  message: string;
  symbols?: string[] | null;
  created_at: Date | string;
  read_at: Date | string | null;
  helper_id?: string | number | null;
};
const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const fromRaw = (row: RawMessageRow): StoredMessage => ({
  id: Number(row.id),
  senderId: Number(row.sender_id),
  receiverId: Number(row.receiver_id),
  tempId: row.temp_id,
  message: row.message,
  symbols: row.symbols ?? null,
  createdAt: asDate(row.created_at),
  readAt: row.read_at === null ? null : asDate(row.read_at),
  // A message just stored has its sender: only an erasure sets the label (decision 0032).
  formerSender: null,
  helperId: row.helper_id === null || row.helper_id === undefined ? null : Number(row.helper_id),
});
/** What tells the messages of one batch apart: (sender, temp_id) is unique; without one, the text. */
const batchKey = (value: Pick<StoredMessage, 'senderId' | 'receiverId' | 'tempId' | 'message'>) =>
  value.tempId === null
    ? `n:${value.senderId}:${value.receiverId}:${value.message}`
    : `t:${value.senderId}:${value.tempId}`;

/** Chat messages and settings; who may write to whom is read here in the same statement. */
export function createChatRepository(db: Database) {
  async function existingFor(values: NewMessage): Promise<StoreResult | undefined> {
    const [existing] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, values.senderId), eq(chatMessages.tempId, values.tempId ?? '')))
      .limit(1);
    return existing ? { message: existing, isNew: false } : undefined;
  }

  // The unread counts are a hot query (issue 19): built once, then bound per call.
  const receiver = sql.placeholder('receiver');
  const unreadCountsStatement = db
    .select({ senderId: chatMessages.senderId, count: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.receiverId, receiver),
        isNull(chatMessages.readAt),
        // A former member's messages are read on their own list (`formerConversations`).
        isNotNull(chatMessages.senderId),
        shownTo(receiver),
      ),
    )
    .groupBy(chatMessages.senderId)
    .orderBy(asc(chatMessages.senderId))
    // A member has at most a few hundred friends; this bounds the answer all the same.
    .limit(1000)
    .prepare('chat_unread_counts');

  /**
   * Marks the reader's unread messages from one sender (`from`) as read; how many that changed.
   * What the reader hid unread stays unread: no receipt for something never seen.
   */
  async function markReadFrom(readerId: number, from: SQL) {
    const rows = await db
      .update(chatMessages)
      .set({ readAt: new Date() })
      .where(and(eq(chatMessages.receiverId, readerId), from, isNull(chatMessages.readAt), shownTo(readerId)))
      .returning({ id: chatMessages.id });
    return rows.length;
  }

  return {
    /**
     * Everything a send needs, for the pairs the cache does not hold, in one statement (the send
     * path's micro-batch): per pair, in the order given, the sender's name (for the message) when
     * the two are accepted friends the safeguarding rule (a block either way, a suspension,
     * another age group) lets reach each other, otherwise undefined.
     */
    async writeContexts(
      pairs: readonly { senderId: number; receiverId: number; supporterId?: number | undefined }[],
    ): Promise<({ nombre: string; apellidos: string } | undefined)[]> {
      const rows = JSON.stringify(
        pairs.map((pair, index) => ({
          ord: index,
          sender_id: pair.senderId,
          receiver_id: pair.receiverId,
          supporter_id: pair.supporterId ?? null,
        })),
      );
      const sender = sql.raw('batch.sender_id');
      const receiver = sql.raw('batch.receiver_id');
      // A supporter writing for the sender (decision 0047) must reach the receiver too.
      const supporter = sql.raw('batch.supporter_id');
      // The rule's lists are per sender here, so they are computed per row, not once per statement.
      const reached = await rowsOf<{ ord: number; nombre: string; apellidos: string }>(
        db,
        sql`
        select batch.ord, ${profiles.nombre} as nombre, ${profiles.apellidos} as apellidos
        from json_to_recordset(${rows}::json) as batch(ord int, sender_id bigint, receiver_id bigint, supporter_id bigint)
        join ${profiles} on ${profiles.userId} = ${sender}
        where exists (
            select 1 from ${friendships}
            where ${friendships.status} = 'accepted'
              and ${unorderedPair(friendships.requesterId, friendships.addresseeId, sender, receiver)})
          and ${mayReachAt(sender, receiver, adultsBornOnOrBefore(), supporter)}`,
      );
      const allowed = new Map(
        reached.map((row) => [Number(row.ord), { nombre: row.nombre, apellidos: row.apellidos }]),
      );
      return pairs.map((_, index) => allowed.get(index));
    },

    /** Stores a message; with a temp_id already used by this sender, returns that message instead. */
    async store(values: NewMessage) {
      const [created] = await db.insert(chatMessages).values(values).onConflictDoNothing().returning();
      if (created) return { message: created, isNew: true };
      return existingFor(values);
    },

    /**
     * Stores several messages in one statement (the send path's micro-batch), in the order given:
     * one result per message, in that order, as `store` would answer it. The rows travel as one
     * JSON parameter, so the statement's text is the same whatever the batch size (PostgreSQL and
     * PGlite read it alike).
     */
    async storeMany(values: readonly NewMessage[]): Promise<(StoreResult | undefined)[]> {
      const rows = JSON.stringify(
        values.map((value) => ({
          sender_id: value.senderId,
          receiver_id: value.receiverId,
          temp_id: value.tempId,
          message: value.message,
          symbols: value.symbols ?? null,
          helper_id: value.helperId ?? null,
        })),
      );
      // A JSON array becomes the text[] column as it is read (json_to_recordset's typed record).
      const inserted = await rowsOf<RawMessageRow>(
        db,
        sql`
        insert into ${chatMessages} (sender_id, receiver_id, temp_id, message, symbols, helper_id)
        select sender_id, receiver_id, temp_id, message, symbols, helper_id
        from json_to_recordset(${rows}::json)
          as batch(sender_id bigint, receiver_id bigint, temp_id text, message text, symbols text[], helper_id bigint)
        on conflict do nothing
        returning id, sender_id, receiver_id, temp_id, message, symbols, created_at, read_at, helper_id`,
      );
      // A message whose temp_id its sender already used is not returned: `store` finds it below.
      const created = new Map<string, StoredMessage[]>();
      for (const raw of inserted) {
        const row = fromRaw(raw);
        const key = batchKey(row);
        const list = created.get(key);
        if (list) list.push(row);
        else created.set(key, [row]);
      }
      // Identical messages (same sender, receiver and text, no temp_id) are interchangeable but
      // for their order: the lower id goes to the one given first.
      for (const list of created.values()) list.sort((a, b) => a.id - b.id);
      return Promise.all(
        values.map(async (value) => {
          const row = created.get(batchKey(value))?.shift();
          return row ? { message: row, isNew: true } : existingFor(value);
        }),
      );
    },

    /** One page of what `readerId` still has of a conversation, newest first, below `beforeId`. */
    page: (readerId: number, friendId: number, beforeId: number | undefined, limit: number) =>
      db
        .select()
        .from(chatMessages)
        .where(
          and(
            conversationBetween(readerId, friendId),
            shownTo(readerId),
            beforeId ? lt(chatMessages.id, beforeId) : undefined,
            // The member's own copy is theirs whatever the reach rule says (evidence they may
            // report); a supporter reading it for them sees it only with someone both may reach.
            supporterActingFor(readerId) === null ? undefined : mayReach(readerId, sql`${friendId}::bigint`),
          ),
        )
        .orderBy(
          desc(sql`least(${chatMessages.senderId}, ${chatMessages.receiverId})`),
          desc(sql`greatest(${chatMessages.senderId}, ${chatMessages.receiverId})`),
          desc(chatMessages.id),
        )
        .limit(limit),

    async unreadCounts(receiverId: number) {
      const rows = (await unreadCountsStatement.execute({ receiver: receiverId })).flatMap((row) =>
        row.senderId === null ? [] : [{ senderId: row.senderId, count: row.count }],
      );
      // A supporter reading them for the member counts only people both may reach (decision 0047).
      if (supporterActingFor(receiverId) === null || rows.length === 0) return rows;
      const reachable = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            inArray(
              users.id,
              rows.map((row) => row.senderId),
            ),
            mayReach(receiverId, users.id),
          ),
        );
      const shown = new Set(reachable.map((row) => row.id));
      return rows.filter((row) => shown.has(row.senderId));
    },

    /**
     * What the member still has of conversations with erased members (decision 0032), one entry
     * per former member's label, most recent first. Read-only: there is nobody to answer.
     */
    formerConversations: (receiverId: number, limit: number) =>
      db
        .select({
          label: sql<string>`${chatMessages.formerSender}`,
          messages: count(),
          unread: sql<number>`count(*) filter (where ${chatMessages.readAt} is null)`.mapWith(Number),
          lastAt: sql<Date>`max(${chatMessages.createdAt})`.mapWith((value: string | Date) =>
            value instanceof Date ? value : new Date(value),
          ),
        })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.receiverId, receiverId),
            isNotNull(chatMessages.formerSender),
            shownTo(receiverId),
          ),
        )
        .groupBy(chatMessages.formerSender)
        .orderBy(desc(sql`max(${chatMessages.id})`))
        .limit(limit),

    /** One page of what a former member sent `readerId`, newest first, below `beforeId`. */
    formerPage: (readerId: number, label: string, beforeId: number | undefined, limit: number) =>
      db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.receiverId, readerId),
            eq(chatMessages.formerSender, label),
            shownTo(readerId),
            beforeId ? lt(chatMessages.id, beforeId) : undefined,
          ),
        )
        .orderBy(desc(chatMessages.id))
        .limit(limit),

    /** Marks what a former member sent `readerId` as read (no receipt: nobody to tell). */
    markFormerRead: (readerId: number, label: string) =>
      markReadFrom(readerId, eq(chatMessages.formerSender, label)),

    /** Marks what `senderId` wrote to `readerId` as read; how many messages that changed. */
    markRead: (readerId: number, senderId: number) =>
      markReadFrom(readerId, eq(chatMessages.senderId, senderId)),

    /**
     * Spec §4 "Logout" ("delete my messages"): hides every message the member has so far, for
     * this member only; the other member keeps theirs and the moderators keep the evidence until
     * the purge. How many of the member's messages this hid.
     */
    async hideConversationsOf(userId: number) {
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ id: chatSettings.hiddenThroughId })
          .from(chatSettings)
          .where(eq(chatSettings.userId, userId))
          .for('update');
        const [newest] = await tx.select({ id: max(chatMessages.id) }).from(chatMessages);
        const from = previous?.id ?? 0;
        const through = Math.max(from, newest?.id ?? 0);
        if (through === from) return 0;
        await tx
          .insert(chatSettings)
          .values({ userId, hiddenThroughId: through })
          .onConflictDoUpdate({ target: chatSettings.userId, set: { hiddenThroughId: through } });
        const [hidden] = await tx
          .select({ count: count() })
          .from(chatMessages)
          .where(
            and(
              or(eq(chatMessages.senderId, userId), eq(chatMessages.receiverId, userId)),
              gt(chatMessages.id, from),
              sql`${chatMessages.id} <= ${through}`,
            ),
          );
        return hidden?.count ?? 0;
      });
    },

    /** The two members of a message, whatever either of them hid; undefined when it is gone. */
    async membersOf(messageId: number) {
      const [row] = await db
        .select({ senderId: chatMessages.senderId, receiverId: chatMessages.receiverId })
        .from(chatMessages)
        .where(eq(chatMessages.id, messageId))
        .limit(1);
      return row;
    },

    /** Whether the two have exchanged any message still stored (hidden ones too). */
    async haveConversation(a: number, b: number) {
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(conversationBetween(a, b))
        .limit(1);
      return row !== undefined;
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
    /**
     * Whether reading `senderId`'s messages tells them: the reader sends receipts, and the two
     * may still reach each other (safeguarding: after a block either way, a suspension or a
     * change of age group, a receipt would still be contact).
     */
    async sendsReadReceiptTo(readerId: number, senderId: number) {
      const [row] = await db
        .select({
          value: sql<boolean>`coalesce((select ${chatSettings.sendReadReceipts} from ${chatSettings} where ${chatSettings.userId} = ${readerId}), true) and ${mayReach(readerId, users.id)}`,
        })
        .from(users)
        .where(eq(users.id, senderId))
        .limit(1);
      return row?.value === true;
    },
    setSendsReadReceipts: (userId: number, value: boolean) =>
      db
        .insert(chatSettings)
        .values({ userId, sendReadReceipts: value })
        .onConflictDoUpdate({ target: chatSettings.userId, set: { sendReadReceipts: value } }),
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
