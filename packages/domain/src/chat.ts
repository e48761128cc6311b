/**
 * The chat's shared vocabulary (spec §3 "Chat message", §7 WebSocket protocol): limits, close
 * codes, notification types. Plain types and constants only, so the landing bundle, which does not
 * load the chat, pays nothing for them (the HTTP answers' schemas are in `chat-schemas.ts`, the
 * socket's frames in `chat-frames.ts`; only their types are read here).
 */

import type { z } from 'zod';
import type { ChatMessageSchema, UnreadEntrySchema } from './chat-schemas';

/** Longest message accepted, in characters after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Frames above this are refused by the server (the connection is closed with 1009). */
export const WEBSOCKET_MAX_FRAME_BYTES = 64 * 1024;
/** Longest client-side id of a message (the client uses a UUID). */
export const CHAT_TEMP_ID_MAX_LENGTH = 64;
/** Messages per page of a conversation's history. */
export const CHAT_HISTORY_PAGE_SIZE = 50;
/** The error code (and word in the error text) the spec's client looks for: sending was refused. */
export const CHAT_BLOCKED_CODE = 'bloqueado';

/** Close codes of /ws/chat/ besides the standard ones. */
export const WEBSOCKET_CLOSE = {
  /** No token, or a token that is invalid or expired: refresh it, then connect again. */
  unauthorized: 4401,
  /** The member signed out on this connection. */
  loggedOut: 4000,
  /** No heartbeat for too long. */
  timedOut: 4408,
  /** Too many frames on one socket, or too many sockets of one member: wait longer before trying again. */
  policyViolation: 1008,
} as const;

/** How long a connection refused for too many frames or sockets waits before trying again. */
export const WEBSOCKET_POLICY_RETRY_MS = 60_000;

/** Spec §3 "Chat message", as stored on the server and kept per friend in the browser. */
export type ChatMessage = z.output<typeof ChatMessageSchema>;

export type UnreadEntry = z.output<typeof UnreadEntrySchema>;

/** The `notification` frames of a friendship change: friend lists and profiles are read again. */
export const FRIEND_NOTIFICATION_TYPES = [
  'new_friend_request',
  'friend_request_accepted',
  'friend_request_rejected',
  'friendship_cancelled',
] as const;
export type FriendNotificationType = (typeof FRIEND_NOTIFICATION_TYPES)[number];

/** What a `notification` frame's `data.type` may be (spec §7). */
export const NOTIFICATION_TYPES = ['new_message', 'user_logged_out', ...FRIEND_NOTIFICATION_TYPES] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const isFriendNotification = (type: NotificationType): type is FriendNotificationType =>
  (FRIEND_NOTIFICATION_TYPES as readonly string[]).includes(type);

/** The first characters of a message, for the new-message notification. */
export const MESSAGE_PREVIEW_LENGTH = 80;
