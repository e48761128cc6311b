import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RequireAuth } from '../../plugins/authenticate';
import { scheduleChatPurge } from './chat-purge';
import type { ChatService } from './chat.service';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const IdParams = z.object({ id });
const FriendParams = z.object({ friendId: id });
const HistoryQuery = z.object({ before: id.optional() });
const SettingsBody = z.object({ read_receipts: z.boolean({ error: 'chat.errors.read_receipts' }) });

/**
 * The chat's HTTP calls (spec §7 "Friends and chat"). Messages themselves travel on the socket
 * (chat.socket.ts); these read and tidy what is stored. `/api/chat/ajustes/` (the read-receipt
 * setting) is not named by the spec. The retention purge of stored messages runs alongside.
 */
export function registerChatRoutes(
  app: FastifyInstance,
  service: ChatService,
  friendsWithPresence: (userId: number) => Promise<unknown>,
  requireAuth: RequireAuth,
) {
  app.get('/api/chat/friends/', { preHandler: requireAuth }, async (request) =>
    friendsWithPresence(request.userId),
  );

  app.get('/api/chat/no-leidos/', { preHandler: requireAuth }, async (request) =>
    service.unread(request.userId),
  );

  app.post('/api/chat/marcar-leidos/:id/', { preHandler: requireAuth }, async (request) => ({
    marcados: await service.markRead(request.userId, IdParams.parse(request.params).id),
  }));

  app.get('/api/chat/historial/:friendId/', { preHandler: requireAuth }, async (request) => {
    const { friendId } = FriendParams.parse(request.params);
    const { before } = HistoryQuery.parse(request.query);
    const page = await service.history(request.userId, friendId, before);
    return {
      results: page.results,
      older: page.before === null ? null : `/api/chat/historial/${friendId}/?before=${page.before}`,
    };
  });

  // Hides the caller's own copy only; the other member keeps theirs (issue 16: evidence kept).
  app.delete('/api/chat/borrar-mensajes/', { preHandler: requireAuth }, async (request) => ({
    borrados: await service.hideConversations(request.userId),
  }));

  app.get('/api/chat/ajustes/', { preHandler: requireAuth }, async (request) =>
    service.settings(request.userId),
  );
  app.put('/api/chat/ajustes/', { preHandler: requireAuth }, async (request) =>
    service.updateSettings(request.userId, SettingsBody.parse(request.body).read_receipts),
  );

  scheduleChatPurge(app, service);
}
