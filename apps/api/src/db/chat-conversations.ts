import { gt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Bound } from './safeguarding';
import { chatMessages, chatSettings } from './schema';

/**
 * Rows whose two member columns hold `a` and `b` in either order. Written with least/greatest
 * because that is what the pair indexes are built on (`chat_messages_conversation_idx`, the
 * friendships' one row per pair): an `or` of both directions would not use them.
 */
export const unorderedPair = (first: AnyColumn, second: AnyColumn, a: number | SQL, b: number | SQL): SQL =>
  typeof a === 'number' && typeof b === 'number'
    ? sql`(least(${first}, ${second}) = ${Math.min(a, b)} and greatest(${first}, ${second}) = ${Math.max(a, b)})`
    : // Members known only to the statement (a batch's rows): it orders them itself.
      sql`(least(${first}, ${second}) = least(${a}, ${b}) and greatest(${first}, ${second}) = greatest(${a}, ${b}))`;

/** The chat messages between `a` and `b`, whoever sent them (hidden ones too). */
export const conversationBetween = (a: number, b: number) =>
  unorderedPair(chatMessages.senderId, chatMessages.receiverId, a, b);

/**
 * Messages the member has not hidden ("delete my messages", sign-out): one number per member,
 * `chat_settings.hidden_through_id`, hides every message up to it for that member only. Every
 * read of a member's own copy (history, unread counts, read marks, data copy) goes through this;
 * moderators' reads do not. `userId` may be a placeholder of a prepared statement.
 */
export const shownTo = (userId: Bound<number>) =>
  gt(
    chatMessages.id,
    sql`coalesce((select ${chatSettings.hiddenThroughId} from ${chatSettings} where ${chatSettings.userId} = ${userId}), 0)`,
  );
