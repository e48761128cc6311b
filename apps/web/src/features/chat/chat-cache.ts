import type { ChatMessage } from '@juntos/domain';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/** A message as this browser knows it: `id` is null until the server stored it. */
export type LocalMessage = Omit<ChatMessage, 'id' | 'symbols'> & {
  id: number | null;
  /** The board symbols it was written with (issue 21); absent in copies kept before them. */
  symbols?: string[];
  /** The server refused it (not friends, blocked, too long…): it stays here, marked as not sent. */
  failed?: boolean;
};

/** How many messages per friend this browser keeps (the newest ones). */
const KEPT_PER_FRIEND = 200;

const keyOf = (friendId: number) => `${STORAGE_KEYS.chatMessagesPrefix}${friendId}`;

/** Spec §3: messages are kept per friend under chat_messages_{id}; unreadable data counts as none. */
export function readCachedMessages(friendId: number): LocalMessage[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(keyOf(friendId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as LocalMessage[]) : [];
  } catch {
    return [];
  }
}

export function writeCachedMessages(friendId: number, messages: LocalMessage[]) {
  try {
    window.localStorage.setItem(keyOf(friendId), JSON.stringify(messages.slice(-KEPT_PER_FRIEND)));
  } catch {
    // Storage full or unavailable: the conversation still works, only without the local copy.
  }
}

/**
 * Adds or updates messages: a stored message replaces the local one with its temp_id, known ids
 * are updated in place, and the result is in the order the server stored them (local ones last).
 */
export function mergeMessages(current: LocalMessage[], incoming: LocalMessage[]): LocalMessage[] {
  const merged = [...current];
  for (const message of incoming) {
    const index = merged.findIndex(
      (known) =>
        (message.id !== null && known.id === message.id) ||
        (message.temp_id !== null &&
          known.temp_id === message.temp_id &&
          known.sender_id === message.sender_id),
    );
    if (index === -1) merged.push(message);
    else merged[index] = { ...merged[index], ...message, read: merged[index]?.read || message.read };
  }
  return merged.sort((a, b) => {
    if (a.id !== null && b.id !== null) return a.id - b.id;
    if (a.id === null && b.id === null) return a.timestamp.localeCompare(b.timestamp);
    return a.id === null ? 1 : -1;
  });
}

type CacheListener = (friendId: number) => void;
const cacheListeners = new Set<CacheListener>();
/** Tells an open conversation that its cached messages changed (a message or receipt arrived). */
export function onCachedMessagesChange(listener: CacheListener) {
  cacheListeners.add(listener);
  return () => void cacheListeners.delete(listener);
}
function update(friendId: number, change: (messages: LocalMessage[]) => LocalMessage[]) {
  writeCachedMessages(friendId, change(readCachedMessages(friendId)));
  cacheListeners.forEach((listener) => listener(friendId));
}

/**
 * A message the server stored, seen on the live connection (sent by the member or to them).
 * `memberId`: whose browser this is; a message's friend is the other side of it.
 */
export function recordIncoming(message: ChatMessage, memberId: number) {
  const friendId = message.sender_id === memberId ? message.receiver_id : message.sender_id;
  update(friendId, (messages) => mergeMessages(messages, [message]));
}

/** Spec §4 "Chat": a receipt marks the member's own messages to that friend as read (the tick). */
export function recordReadReceipt(readerId: number) {
  update(readerId, (messages) =>
    messages.map((message) => (message.receiver_id === readerId ? { ...message, read: true } : message)),
  );
}

/** A message written here: kept at once (unread, no id), then replaced when the server echoes it. */
export function recordOutgoing(friendId: number, message: LocalMessage) {
  update(friendId, (messages) => mergeMessages(messages, [message]));
}

/** The server refused a message: it stays, marked as not sent. */
export function recordFailed(tempId: string) {
  for (let index = 0; index < window.localStorage.length; index += 1) {
    const key = window.localStorage.key(index);
    if (!key?.startsWith(STORAGE_KEYS.chatMessagesPrefix)) continue;
    const friendId = Number(key.slice(STORAGE_KEYS.chatMessagesPrefix.length));
    const messages = readCachedMessages(friendId);
    if (messages.some((message) => message.temp_id === tempId && message.id === null)) {
      update(friendId, (list) =>
        list.map((message) =>
          message.temp_id === tempId && message.id === null ? { ...message, failed: true } : message,
        ),
      );
      return;
    }
  }
}

export function replaceCachedMessages(friendId: number, messages: LocalMessage[]) {
  update(friendId, () => messages);
}

/** The friend's messages shown in an open conversation count as read here at once. */
export function markIncomingRead(friendId: number) {
  update(friendId, (messages) =>
    messages.map((message) =>
      message.sender_id === friendId && !message.read ? { ...message, read: true } : message,
    ),
  );
}
