import { z } from 'zod';

/**
 * Answers of the chat's HTTP routes (spec §7 "Friends and chat"). Kept apart from `chat.ts`,
 * which holds plain types and constants only, so the landing bundle pays nothing for them.
 */

/** Spec §3 "Chat message", as stored on the server and kept per friend in the browser. */
export const ChatMessageSchema = z.object({
  id: z.number(),
  temp_id: z.string().nullable(),
  sender_id: z.number(),
  sender: z.object({ nombre: z.string(), apellidos: z.string() }),
  sender_nombre: z.string(),
  sender_apellidos: z.string(),
  receiver_id: z.number(),
  message: z.string(),
  /** The board symbols it was written with (issue 21), shown above the words; empty for most. */
  symbols: z.array(z.string()),
  timestamp: z.string(),
  read: z.boolean(),
  /** Sent by a supporter for the sender (decision 0047): told to the sender only, never to the receiver. */
  written_with_help: z.boolean(),
});

export const UnreadEntrySchema = z.object({ sender_id: z.number(), count: z.number() });

/** A page of a conversation, oldest first; `older` is the address of the page before it, or null. */
export const ChatHistoryPageSchema = z.object({
  results: z.array(ChatMessageSchema),
  older: z.string().nullable(),
});
export type ChatHistoryPage = z.output<typeof ChatHistoryPageSchema>;

/**
 * A conversation with a member who has since erased their account (decision 0032): what they
 * sent stays the receiver's to read until the chat's retention period ends, under a random
 * label instead of their name or id. It cannot be answered.
 */
export const FormerConversationSchema = z.object({
  label: z.string(),
  messages: z.number(),
  unread: z.number(),
  last_timestamp: z.string(),
});
export type FormerConversation = z.output<typeof FormerConversationSchema>;

/** A message from a former member: no sender, only the caller as receiver. */
export const FormerMessageSchema = z.object({
  id: z.number(),
  sender_id: z.null(),
  former_member: z.string(),
  message: z.string(),
  symbols: z.array(z.string()),
  timestamp: z.string(),
  read: z.boolean(),
});
export type FormerMessage = z.output<typeof FormerMessageSchema>;

export const FormerHistoryPageSchema = z.object({
  results: z.array(FormerMessageSchema),
  older: z.string().nullable(),
});
export type FormerHistoryPage = z.output<typeof FormerHistoryPageSchema>;

/** The label of a former member in a chat address: drawn by the erasure, 12 hex digits. */
export const FORMER_MEMBER_LABEL = /^[0-9a-f]{12}$/;

export const ChatSettingsSchema = z.object({
  read_receipts: z.boolean({ error: 'chat.errors.read_receipts' }),
});
export type ChatSettings = z.output<typeof ChatSettingsSchema>;

export const MarkedReadSchema = z.object({ marcados: z.number() });
export type MarkedRead = z.output<typeof MarkedReadSchema>;
export const DeletedMessagesSchema = z.object({ borrados: z.number() });
export type DeletedMessages = z.output<typeof DeletedMessagesSchema>;
