import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatHistoryPageSchema,
  ChatSettingsSchema,
  DeletedMessagesSchema,
  FORMER_MEMBER_LABEL,
  FormerConversationSchema,
  FormerHistoryPageSchema,
  FriendSchema,
  IdParams,
  MarkedReadSchema,
  UnreadEntrySchema,
  recordId,
  type Friend,
} from '@juntos/domain';
import type { RequireAuth } from '../../plugins/authenticate';
import type { ChatService } from './chat.service';

const FriendParams = z.object({ friendId: recordId });
/** `before`: the id of the oldest message already shown; the page holds the messages before it. */
const HistoryQuery = z.object({ before: recordId.optional() });
const FormerParams = z.object({
  label: z.string().regex(FORMER_MEMBER_LABEL, { error: 'chat.errors.former_member_label' }),
});

/**
 * The chat's HTTP calls (spec §7 "Friends and chat"). Messages themselves travel on the socket
 * (realtime/); these read and tidy what is stored. `/api/chat/ajustes/` (the read-receipt
 * setting) is not named by the spec. Stored messages are purged by the retention job (modules/retention).
 */
export function registerChatRoutes(
  app: FastifyInstance,
  service: ChatService,
  friendsWithPresence: (userId: number) => Promise<Friend[]>,
  requireAuth: RequireAuth,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };
  const tags = ['chat'];

  routes.get(
    '/api/chat/friends/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Your friends, with who is online (read again every 30 s)',
        response: { 200: z.array(FriendSchema) },
      },
    },
    async (request) => friendsWithPresence(request.userId),
  );

  routes.get(
    '/api/chat/no-leidos/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Unread messages, counted per friend',
        response: { 200: z.array(UnreadEntrySchema) },
      },
    },
    async (request) => service.unread(request.userId),
  );

  routes.post(
    '/api/chat/marcar-leidos/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: "Mark a friend's messages to you as read (the id is the friend's)",
        params: IdParams,
        response: { 200: MarkedReadSchema },
      },
    },
    async (request) => ({ marcados: await service.markRead(request.userId, request.params.id) }),
  );

  routes.get(
    '/api/chat/historial/:friendId/',
    {
      ...member,
      schema: {
        tags,
        summary: 'A page of the conversation with a friend, oldest first',
        params: FriendParams,
        querystring: HistoryQuery,
        response: { 200: ChatHistoryPageSchema },
      },
    },
    async (request) => {
      const { friendId } = request.params;
      const page = await service.history(request.userId, friendId, request.query.before);
      return {
        results: page.results,
        older: page.before === null ? null : `/api/chat/historial/${friendId}/?before=${page.before}`,
      };
    },
  );

  // What erased members sent stays the receiver's to read, without their name or id (decision 0032).
  routes.get(
    '/api/chat/exmiembros/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Your conversations with members who have since deleted their account (read-only)',
        response: { 200: z.array(FormerConversationSchema) },
      },
    },
    async (request) => service.formerConversations(request.userId),
  );

  routes.get(
    '/api/chat/exmiembros/:label/',
    {
      ...member,
      schema: {
        tags,
        summary: 'A page of what a former member sent you, oldest first (no sender id or name)',
        params: FormerParams,
        querystring: HistoryQuery,
        response: { 200: FormerHistoryPageSchema },
      },
    },
    async (request) => {
      const { label } = request.params;
      const page = await service.formerHistory(request.userId, label, request.query.before);
      return {
        results: page.results,
        older: page.before === null ? null : `/api/chat/exmiembros/${label}/?before=${page.before}`,
      };
    },
  );

  routes.post(
    '/api/chat/exmiembros/:label/marcar-leidos/',
    {
      ...member,
      schema: {
        tags,
        summary: "Mark a former member's messages to you as read (nobody is told)",
        params: FormerParams,
        response: { 200: MarkedReadSchema },
      },
    },
    async (request) => ({ marcados: await service.markFormerRead(request.userId, request.params.label) }),
  );

  // Hides the caller's own copy only; the other member keeps theirs (issue 16: evidence kept).
  routes.delete(
    '/api/chat/borrar-mensajes/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete your copy of all your conversations (the other members keep theirs)',
        response: { 200: DeletedMessagesSchema },
      },
    },
    async (request) => ({ borrados: await service.hideConversations(request.userId) }),
  );

  routes.get(
    '/api/chat/ajustes/',
    {
      ...member,
      schema: { tags, summary: 'Your chat settings (read receipts)', response: { 200: ChatSettingsSchema } },
    },
    async (request) => service.settings(request.userId),
  );
  routes.put(
    '/api/chat/ajustes/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Change your chat settings',
        body: ChatSettingsSchema,
        response: { 200: ChatSettingsSchema },
      },
    },
    async (request) => service.updateSettings(request.userId, request.body.read_receipts),
  );
}
