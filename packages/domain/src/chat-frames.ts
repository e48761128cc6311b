import { z } from 'zod';
import { CHAT_TEMP_ID_MAX_LENGTH, NOTIFICATION_TYPES } from './chat';
import { ChatMessageSchema } from './chat-schemas';

/**
 * The chat socket's contract (spec §7 WebSocket protocol, docs/decisions/0035): every frame either
 * side sends, as one zod schema per direction. Both ends parse with them (the server what a client
 * sends, and in tests what it sends itself; the web what the server sends), and the TypeScript
 * types are inferred from them, so a frame cannot be described twice and drift. Kept apart from
 * `chat.ts` (plain constants) so the landing bundle, which has no socket, pays nothing for them.
 */

const memberId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ---------------------------------------------------------------------------------------------
// Client → server. Objects are not strict: a key the server does not know is dropped, not refused.

export const HeartbeatFrameSchema = z.object({ action: z.literal('heartbeat') });
export const LogoutFrameSchema = z.object({ action: z.literal('logout') });
/** The member reads a friend's messages; the socket now shows that conversation. */
export const MarkReadFrameSchema = z.object({ action: z.literal('mark_read'), sender_id: memberId });
/** A fresh access token of the same member: the socket then lives until that token expires. */
export const RenewFrameSchema = z.object({ action: z.literal('renew'), token: z.string().min(1).max(4096) });
/**
 * A message to a friend. Only its shape is checked here; what makes a message acceptable (trimmed,
 * not empty, not too long, known symbols) is the chat service's rule, answered with its own codes.
 */
export const ChatSendFrameSchema = z.object({
  action: z.undefined().optional(),
  receiver_id: memberId,
  message: z.string(),
  temp_id: z.string().max(CHAT_TEMP_ID_MAX_LENGTH).nullish(),
  active_conversation_with: memberId.nullish(),
  /** Ids of the board's symbols the message was written with (issue 21). */
  symbols: z.array(z.string()).nullish(),
});

/** What a client sends; anything else is answered with an `invalid_frame` error frame. */
// Told apart by `action` (a message has none): a plain union tried each frame kind in turn, and
// the refusals it built before reaching a message's schema were most of what parsing a message
// allocated (issue 36: the server's pauses for garbage collection set the chat's tail).
export const ClientFrameSchema = z.discriminatedUnion('action', [
  HeartbeatFrameSchema,
  LogoutFrameSchema,
  MarkReadFrameSchema,
  RenewFrameSchema,
  ChatSendFrameSchema,
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;
export type ChatSendFrame = z.infer<typeof ChatSendFrameSchema>;

// ---------------------------------------------------------------------------------------------
// Server → client: one JSON object per frame, told apart by `type`.

export const ChatMessageFrameSchema = ChatMessageSchema.extend({ type: z.literal('chat_message') });

/**
 * A refusal. `code` is the stable AppError code (`bloqueado`, `empty_message`, `invalid_frame`,
 * `token_expired`, `session_ended`…, docs/api.md), `error` the text in the socket's language.
 */
export const ErrorFrameSchema = z.object({
  type: z.literal('error'),
  code: z.string(),
  error: z.string(),
  /** The refused message's temp_id, when the refusal answers a message. */
  temp_id: z.string().nullable().optional(),
  /** Why the member's sessions ended (`session_ended` only). */
  reason: z.string().optional(),
  /** The refused fields and what is wrong with each (`invalid_text`). */
  fields: z.record(z.string(), z.string()).optional(),
});

export const SessionRenewedFrameSchema = z.object({
  type: z.literal('session_renewed'),
  /** When the renewed token expires, in ms since the epoch. */
  expires_at: z.number(),
});

export const ReadReceiptFrameSchema = z.object({ type: z.literal('read_receipt'), reader_id: z.number() });

export const StatusUpdateFrameSchema = z.object({
  type: z.literal('status_update'),
  user_id: z.number(),
  online: z.boolean(),
});

/** The member's notification centre changed (issue 20): count the bell again. */
export const NotificationsChangedFrameSchema = z.object({ type: z.literal('notifications_changed') });

/**
 * The server may have missed live messages for the member (its Redis connection broke and came
 * back, issue 36): the client reads again what it shows, as after a reconnection of its own.
 */
export const ResyncFrameSchema = z.object({ type: z.literal('resync') });

export const NotificationFrameSchema = z.object({
  type: z.literal('notification'),
  data: z.object({
    type: z.enum(NOTIFICATION_TYPES),
    from: z.string(),
    sender_id: z.number(),
    /** `new_message` only: the message's first MESSAGE_PREVIEW_LENGTH characters. */
    message_preview: z.string().optional(),
  }),
});

export const ServerFrameSchema = z.discriminatedUnion('type', [
  ChatMessageFrameSchema,
  ErrorFrameSchema,
  SessionRenewedFrameSchema,
  ReadReceiptFrameSchema,
  StatusUpdateFrameSchema,
  NotificationsChangedFrameSchema,
  NotificationFrameSchema,
  ResyncFrameSchema,
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
export type ServerFrameType = ServerFrame['type'];
/** The frame of one type, e.g. `ServerFrameOf<'status_update'>`. */
export type ServerFrameOf<T extends ServerFrameType> = Extract<ServerFrame, { type: T }>;
