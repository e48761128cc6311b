import { writtenWithHelpFor } from '../../db/acting-viewer';
import {
  CHAT_BLOCKED_CODE,
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MESSAGE_MAX_LENGTH,
  SYMBOL_LIMITS,
  SymbolIdsSchema,
  type ChatMessage,
  type ServerFrame,
  type FormerConversation,
  type FormerMessage,
  type UnreadEntry,
} from '@juntos/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../lib/app-error';
import type { FanOut } from '../../realtime';
import type { RateLimits } from '../../lib/rate-limiter';
import type { ChatRepository, StoredMessage } from './chat.repository';
import { createCoalescer } from './coalesce';
import { createInsertBatcher, createMicroBatcher } from './insert-batch';
import { createWriteContextCache, type WriteContext } from './write-context-cache';

/** Conversations with former members listed at most (each is one label; they expire with the purge). */
const FORMER_CONVERSATIONS_SHOWN = 200;

/** Messages a member may send per window, before RATE_LIMIT_SCALE. */
export const CHAT_RATE_LIMIT = { messages: 20, windowMs: 10_000 } as const;

/** What the chat needs from the friendships module: whom a member may write to and be seen by. */
export type FriendsPort = {
  /** Accepted friends the member may still reach (the safeguarding rule applied). */
  friendIds(userId: number): Promise<number[]>;
};

export type SendInput = {
  receiverId: number;
  /** As the client wrote it: `checkMessage` trims and measures it. */
  message: string;
  tempId: string | null;
  /** Ids of the board's symbols, as the client sent them: checked against the catalogue here. */
  symbols?: readonly string[];
  /** A supporter writing for the sender (decision 0047): the receiver must be in their reach too. */
  supporterId?: number | undefined;
};

/**
 * The rules a message must meet before anything else is asked (spec §3 "Chat message", issue 21):
 * trimmed, 1 to CHAT_MESSAGE_MAX_LENGTH characters, at most SYMBOL_LIMITS.perMessage symbols of
 * the board's catalogue. What is stored: the trimmed text and the symbols' ids. The codes are the
 * socket's error codes (`empty_message`, `message_too_long`, `invalid_symbols`).
 */
export function checkMessage(input: Pick<SendInput, 'message' | 'symbols'>): {
  text: string;
  symbols: string[];
} {
  const text = input.message.trim();
  if (!text) throw new AppError(400, 'empty_message', 'chat.errors.empty');
  if (text.length > CHAT_MESSAGE_MAX_LENGTH)
    throw new AppError(400, 'message_too_long', 'chat.errors.too_long', {
      values: { max: CHAT_MESSAGE_MAX_LENGTH },
    });
  const symbols = SymbolIdsSchema.safeParse(input.symbols ?? []);
  if (!symbols.success)
    throw new AppError(
      400,
      'invalid_symbols',
      symbols.error.issues[0]?.message ?? 'symbols.errors.unknown_symbol',
      { values: { max: SYMBOL_LIMITS.perMessage } },
    );
  return { text, symbols: symbols.data };
}

/**
 * At most one mark-read UPDATE per member and conversation in this interval, per instance,
 * whether asked on the socket or over HTTP.
 */
export const MARK_READ_INTERVAL_MS = 1000;

/**
 * The chat's rules, independent of the socket that carries them (spec §5, §6, §7): only accepted
 * friends with no block between them write to each other; a message is stored before anyone is
 * told; a resent temp_id answers the stored message; reads send a receipt unless the reader
 * turned receipts off or the two may no longer reach each other. Presence is the realtime part's
 * (realtime/presence.ts).
 */
export function createChatService(deps: {
  repository: ChatRepository;
  fanOut: FanOut;
  friends: FriendsPort;
  rateLimits: RateLimits;
  log: FastifyBaseLogger;
  /**
   * Tells the receiver of a new message who has no open connection (notifications, issue 20).
   * Not awaited: the send path stays as fast as before, and it never throws.
   */
  messageWhileAway: (receiverId: number, senderId: number) => Promise<void>;
}) {
  const { repository, fanOut } = deps;
  // The send path's two round trips (may these two chat, then the INSERT) become, for pairs
  // already checked, one INSERT shared with the other messages sent at the same moment.
  const writeContexts = createWriteContextCache({ fanOut });
  const inserts = createInsertBatcher(repository);
  // Pairs the cache does not hold (every pair's first message, and all of them after a restart)
  // are checked together too, one statement per turn of the event loop.
  const contextChecks = createMicroBatcher<
    { senderId: number; receiverId: number; supporterId?: number | undefined },
    WriteContext | undefined
  >({
    many: (pairs) => repository.writeContexts(pairs),
    one: async (pair) => (await repository.writeContexts([pair]))[0],
  });
  async function writeContext(
    senderId: number,
    receiverId: number,
    supporterId: number | undefined,
  ): Promise<WriteContext | undefined> {
    // The cache knows pairs of members; a supporter's message is checked for all three each time.
    if (supporterId !== undefined) return contextChecks.run({ senderId, receiverId, supporterId });
    const cached = writeContexts.get(senderId, receiverId);
    if (cached) return cached;
    const since = writeContexts.begin(senderId, receiverId);
    const allowed = await contextChecks.run({ senderId, receiverId });
    if (allowed) writeContexts.remember(senderId, receiverId, allowed, since);
    return allowed;
  }
  // Every message passes this limit: it is counted here at once and across instances behind the
  // answer, so a send waits for no Redis round trip (decision 0051).
  const sendLimiter = deps.rateLimits.fixedWindowCountedHereFirst('chat-send', {
    points: CHAT_RATE_LIMIT.messages,
    windowMs: CHAT_RATE_LIMIT.windowMs,
  });
  // A flood of mark-reads, on sockets or over keep-alive HTTP, would be one UPDATE each: they
  // are folded per member and conversation, so the database sees at most two a second.
  const markReads = createCoalescer<number>(MARK_READ_INTERVAL_MS, (error) =>
    deps.log.error({ err: error }, 'Messages could not be marked as read'),
  );
  async function markReadNow(readerId: number, senderId: number): Promise<number> {
    const changed = await repository.markRead(readerId, senderId);
    if (changed > 0 && (await repository.sendsReadReceiptTo(readerId, senderId)))
      await fanOut.publish(senderId, { type: 'read_receipt', reader_id: readerId });
    return changed;
  }
  // Store-then-publish runs one at a time per conversation on this instance, so the two members
  // receive its messages in the order they were stored.
  const conversationTails = new Map<string, Promise<unknown>>();
  function inConversationOrder<T>(a: number, b: number, work: () => Promise<T>): Promise<T> {
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    const result = (conversationTails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = result.catch(() => undefined);
    conversationTails.set(key, tail);
    void tail.then(() => {
      if (conversationTails.get(key) === tail) conversationTails.delete(key);
    });
    return result;
  }

  /**
   * `senderId`: the row's, known to the caller (a message between two members has both);
   * `viewerId`: whom it is shown to, since only its sender learns a supporter wrote it.
   */
  const present = (
    row: StoredMessage,
    senderId: number,
    sender: { nombre: string; apellidos: string },
    viewerId: number,
  ): ChatMessage => ({
    id: row.id,
    temp_id: row.tempId,
    sender_id: senderId,
    sender: { nombre: sender.nombre, apellidos: sender.apellidos },
    sender_nombre: sender.nombre,
    sender_apellidos: sender.apellidos,
    receiver_id: row.receiverId,
    message: row.message,
    symbols: row.symbols ?? [],
    timestamp: row.createdAt.toISOString(),
    read: row.readAt !== null,
    written_with_help: writtenWithHelpFor(viewerId, { authorId: senderId, helperId: row.helperId }),
  });

  return {
    /**
     * Checks (`checkMessage`), stores and delivers a message; throws an AppError whose code the
     * socket sends back. A message refused by the rules does not count against the rate limit.
     */
    async send(senderId: number, input: SendInput): Promise<ChatMessage> {
      const { text, symbols } = checkMessage(input);
      await sendLimiter.hit(String(senderId));
      if (input.receiverId === senderId)
        throw new AppError(403, CHAT_BLOCKED_CODE, 'chat.errors.not_friends');
      return inConversationOrder(senderId, input.receiverId, async () => {
        const context = await writeContext(senderId, input.receiverId, input.supporterId);
        if (!context) throw new AppError(403, CHAT_BLOCKED_CODE, 'chat.errors.not_friends');
        const stored = await inserts.store({
          senderId,
          receiverId: input.receiverId,
          tempId: input.tempId,
          message: text,
          // Most messages have none: the column stays null rather than holding an empty array.
          symbols: symbols.length ? symbols : null,
          helperId: input.supporterId ?? null,
        });
        if (!stored) throw new AppError(409, 'conflict', 'errors.internal');
        const message = present(stored.message, senderId, context, senderId);
        const frame: ServerFrame = { type: 'chat_message', ...message };
        // A resend is answered to the sender only: the receiver already has the message.
        if (!stored.isNew) await fanOut.publish(senderId, frame);
        else {
          // Written with help: the receiver's copy does not say so (only the member learns it).
          if (message.written_with_help) {
            await fanOut.publish(senderId, frame);
            await fanOut.publish(input.receiverId, { ...frame, written_with_help: false });
          } else await fanOut.publishToEach([senderId, input.receiverId], frame);
          void deps.messageWhileAway(input.receiverId, senderId);
        }
        return message;
      });
    },

    /**
     * Marks a friend's messages as read (the friend gets a receipt if the reader sends them and
     * the two may still reach each other); how many that changed. Within MARK_READ_INTERVAL_MS of
     * the previous mark of the same conversation, it waits for the one folded run at the
     * interval's end and answers that run's count.
     */
    markRead: (readerId: number, senderId: number): Promise<number> =>
      markReads.runAndWait(`${readerId}:${senderId}`, () => markReadNow(readerId, senderId)),

    /**
     * The socket's `mark_read`: like `markRead`, but a request folded into the interval's end
     * resolves at once, so the socket's later frames do not wait for it.
     */
    requestMarkRead: (readerId: number, senderId: number): Promise<void> =>
      markReads.run(`${readerId}:${senderId}`, () => markReadNow(readerId, senderId)),

    async unread(userId: number): Promise<UnreadEntry[]> {
      const rows = await repository.unreadCounts(userId);
      return rows.map((row) => ({ sender_id: row.senderId, count: row.count }));
    },

    /** A page of a conversation, oldest first, and the cursor of the page before it. */
    async history(userId: number, friendId: number, beforeId: number | undefined) {
      const rows = await repository.page(userId, friendId, beforeId, CHAT_HISTORY_PAGE_SIZE + 1);
      const hasOlder = rows.length > CHAT_HISTORY_PAGE_SIZE;
      const page = rows.slice(0, CHAT_HISTORY_PAGE_SIZE).reverse();
      const names = new Map(
        (page.length ? await repository.names([userId, friendId]) : []).map((row) => [row.userId, row]),
      );
      const unknown = { nombre: '', apellidos: '' };
      return {
        results: page.map((row) => {
          // conversationBetween matches only rows whose sender is one of the two.
          const senderId = row.senderId ?? friendId;
          return present(row, senderId, names.get(senderId) ?? unknown, userId);
        }),
        before: hasOlder ? (page[0]?.id ?? null) : null,
      };
    },

    /** The member's conversations with erased members (decision 0032), read-only. */
    async formerConversations(userId: number): Promise<FormerConversation[]> {
      const rows = await repository.formerConversations(userId, FORMER_CONVERSATIONS_SHOWN);
      return rows.map((row) => ({
        label: row.label,
        messages: row.messages,
        unread: row.unread,
        last_timestamp: row.lastAt.toISOString(),
      }));
    },

    /** A page of what one former member sent the member, oldest first; a 404 when there is none. */
    async formerHistory(userId: number, label: string, beforeId: number | undefined) {
      const rows = await repository.formerPage(userId, label, beforeId, CHAT_HISTORY_PAGE_SIZE + 1);
      if (rows.length === 0 && beforeId === undefined) throw notFound('chat.errors.conversation_not_found');
      const hasOlder = rows.length > CHAT_HISTORY_PAGE_SIZE;
      const page = rows.slice(0, CHAT_HISTORY_PAGE_SIZE).reverse();
      return {
        results: page.map((row): FormerMessage => ({
          id: row.id,
          sender_id: null,
          former_member: label,
          message: row.message,
          symbols: row.symbols ?? [],
          timestamp: row.createdAt.toISOString(),
          read: row.readAt !== null,
        })),
        before: hasOlder ? (page[0]?.id ?? null) : null,
      };
    },

    markFormerRead: (userId: number, label: string) => repository.markFormerRead(userId, label),

    /** "Delete my messages": hides the member's own copy only (see the repository). */
    hideConversations: (userId: number) => repository.hideConversationsOf(userId),

    checkReportable: createChatReportCheck(repository).checkReportable,

    settings: async (userId: number) => ({ read_receipts: await repository.sendsReadReceipts(userId) }),
    async updateSettings(userId: number, readReceipts: boolean) {
      await repository.setSendsReadReceipts(userId, readReceipts);
      return { read_receipts: readReceipts };
    },

    /** Spec §4 "Logout": the member's friends are told. */
    async loggedOut(userId: number) {
      // friendIds applies the safeguarding rule: nobody the member may not reach hears of it.
      const [friends, names] = await Promise.all([
        deps.friends.friendIds(userId),
        repository.names([userId]),
      ]);
      await fanOut.publishToEach(friends, {
        type: 'notification',
        data: { type: 'user_logged_out', from: names[0]?.nombre ?? '', sender_id: userId },
      });
    },

    /** Shutdown: drops the folded mark-reads still waiting (the database is about to close). */
    close() {
      markReads.close();
      writeContexts.close();
    },
  };
}

/**
 * Only the member who received a message may report it, and only a member of a conversation may
 * report the conversation (`otherId` is the other member); anything else is the same 404 as an
 * unknown id, so ids of other people's messages reveal nothing. Needs only the repository, so
 * the friendships module's report route can use it without the chat service.
 */
export function createChatReportCheck(repository: Pick<ChatRepository, 'membersOf' | 'haveConversation'>) {
  return {
    checkReportable: async (
      reporterId: number,
      type: 'chat_message' | 'chat_conversation',
      targetId: number,
    ): Promise<void> => {
      if (type === 'chat_message') {
        const members = await repository.membersOf(targetId);
        if (members?.receiverId !== reporterId) throw notFound('chat.errors.message_not_found');
      } else if (targetId === reporterId || !(await repository.haveConversation(reporterId, targetId)))
        throw notFound('chat.errors.conversation_not_found');
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
