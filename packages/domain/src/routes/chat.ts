import { z } from 'zod';
import {
  ChatHistoryPageSchema,
  ChatSettingsSchema,
  DeletedMessagesSchema,
  FORMER_MEMBER_LABEL,
  FormerConversationSchema,
  FormerHistoryPageSchema,
  MarkedReadSchema,
  UnreadEntrySchema,
} from '../chat-schemas';
import { FriendSchema } from '../friendships';
import { IdParams, recordId } from '../route-parts';
import { defineRoute } from './define-route';

const FriendParams = z.object({ friendId: recordId });
/** `before`: the id of the oldest message already shown; the page holds the messages before it. */
const HistoryQuery = z.object({ before: recordId.optional() });
const FormerParams = z.object({
  label: z.string().regex(FORMER_MEMBER_LABEL, { error: 'chat.errors.former_member_label' }),
});

const tags = ['chat'];

/**
 * The chat's HTTP calls (spec §7 "Friends and chat"). Messages themselves travel on the socket;
 * these read and tidy what is stored. `/api/chat/ajustes/` (the read-receipt setting) is not
 * named by the spec.
 */
export const chatRoutes = {
  friends: defineRoute({
    method: 'GET',
    supporterScope: 'messages',
    path: '/api/chat/friends/',
    tags,
    summary: 'Your friends, with who is online (read again every 30 s)',
    responses: { 200: z.array(FriendSchema) },
  }),
  unread: defineRoute({
    method: 'GET',
    supporterScope: 'messages',
    path: '/api/chat/no-leidos/',
    tags,
    summary: 'Unread messages, counted per friend',
    responses: { 200: z.array(UnreadEntrySchema) },
  }),
  markRead: defineRoute({
    method: 'POST',
    supporterScope: 'messages',
    path: '/api/chat/marcar-leidos/:id/',
    tags,
    summary: "Mark a friend's messages to you as read (the id is the friend's)",
    params: IdParams,
    responses: { 200: MarkedReadSchema },
  }),
  history: defineRoute({
    method: 'GET',
    supporterScope: 'messages',
    path: '/api/chat/historial/:friendId/',
    tags,
    summary: 'A page of the conversation with a friend, oldest first',
    params: FriendParams,
    query: HistoryQuery,
    responses: { 200: ChatHistoryPageSchema },
  }),
  /** What erased members sent stays the receiver's to read, without their name or id (decision 0032). */
  formerConversations: defineRoute({
    method: 'GET',
    supporterScope: 'messages',
    path: '/api/chat/exmiembros/',
    tags,
    summary: 'Your conversations with members who have since deleted their account (read-only)',
    responses: { 200: z.array(FormerConversationSchema) },
  }),
  formerHistory: defineRoute({
    method: 'GET',
    supporterScope: 'messages',
    path: '/api/chat/exmiembros/:label/',
    tags,
    summary: 'A page of what a former member sent you, oldest first (no sender id or name)',
    params: FormerParams,
    query: HistoryQuery,
    responses: { 200: FormerHistoryPageSchema },
  }),
  markFormerRead: defineRoute({
    method: 'POST',
    supporterScope: 'messages',
    path: '/api/chat/exmiembros/:label/marcar-leidos/',
    tags,
    summary: "Mark a former member's messages to you as read (nobody is told)",
    params: FormerParams,
    responses: { 200: MarkedReadSchema },
  }),
  /** Hides the caller's own copy only; the other member keeps theirs (issue 16: evidence kept). */
  deleteMessages: defineRoute({
    method: 'DELETE',
    supporterScope: 'messages',
    path: '/api/chat/borrar-mensajes/',
    tags,
    summary: 'Delete your copy of all your conversations (the other members keep theirs)',
    responses: { 200: DeletedMessagesSchema },
  }),
  settings: defineRoute({
    method: 'GET',
    supporterScope: 'messages',
    path: '/api/chat/ajustes/',
    tags,
    summary: 'Your chat settings (read receipts)',
    responses: { 200: ChatSettingsSchema },
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    supporterScope: 'messages',
    path: '/api/chat/ajustes/',
    tags,
    summary: 'Change your chat settings',
    body: ChatSettingsSchema,
    responses: { 200: ChatSettingsSchema },
  }),
};
