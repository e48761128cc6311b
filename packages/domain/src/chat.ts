/**
 * The chat's shared vocabulary (spec §3 "Chat message", §7 WebSocket protocol): limits, the
 * frames the server sends and the ones the client sends. Plain types and constants only, so the
 * landing bundle, which does not load the chat, pays nothing for them (the HTTP answers' schemas
 * are in `chat-schemas.ts`; only their types are read here).
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

export const NOTIFICATION_TYPES = [
  'new_message',
  'user_logged_out',
  'new_friend_request',
  'friend_request_accepted',
  'friend_request_rejected',
  'friendship_cancelled',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What the server sends on the socket (spec §7): one JSON object per frame, with `type`. */
export type ServerFrame =
  | ({ type: 'chat_message' } & ChatMessage)
  | { type: 'error'; code: string; error: string; temp_id?: string | null; reason?: string }
  | { type: 'session_renewed'; expires_at: number }
  | { type: 'read_receipt'; reader_id: number }
  | { type: 'status_update'; user_id: number; online: boolean }
  /** The member's notification centre changed (issue 20): count the bell again. */
  | { type: 'notifications_changed' }
  | {
      type: 'notification';
      data: {
        type: NotificationType;
        from: string;
        sender_id: number;
        message_preview?: string;
      };
    };

/** What the client sends (spec §7). */
export type ClientFrame =
  | { action: 'heartbeat' }
  | { action: 'logout' }
  | { action: 'mark_read'; sender_id: number }
  /** A fresh access token of the same member: the socket then lives until that token expires. */
  | { action: 'renew'; token: string }
  | {
      receiver_id: number;
      message: string;
      temp_id: string;
      active_conversation_with: number | null;
      /** Ids of the board's symbols the message was written with (issue 21). */
      symbols?: string[];
    };

/** The first characters of a message, for the new-message notification. */
export const MESSAGE_PREVIEW_LENGTH = 80;
