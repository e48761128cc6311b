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
});

export const UnreadEntrySchema = z.object({ sender_id: z.number(), count: z.number() });

/** A page of a conversation, oldest first; `older` is the address of the page before it, or null. */
export const ChatHistoryPageSchema = z.object({
  results: z.array(ChatMessageSchema),
  older: z.string().nullable(),
});
export type ChatHistoryPage = z.output<typeof ChatHistoryPageSchema>;

export const ChatSettingsSchema = z.object({
  read_receipts: z.boolean({ error: 'chat.errors.read_receipts' }),
});
export type ChatSettings = z.output<typeof ChatSettingsSchema>;

export const MarkedReadSchema = z.object({ marcados: z.number() });
export type MarkedRead = z.output<typeof MarkedReadSchema>;
export const DeletedMessagesSchema = z.object({ borrados: z.number() });
export type DeletedMessages = z.output<typeof DeletedMessagesSchema>;
