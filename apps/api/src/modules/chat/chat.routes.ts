import type { FastifyInstance } from 'fastify';
import { chatRoutes as routes, routePath, type Friend } from '@juntos/domain';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { ChatService } from './chat.service';

/**
 * The chat's HTTP calls (spec §7 "Friends and chat"), declared in `chatRoutes` of the domain
 * (decision 0036). Messages themselves travel on the socket (realtime/); these read and tidy what
 * is stored. Stored messages are purged by the retention job (modules/retention).
 */
export function registerChatRoutes(
  app: FastifyInstance,
  service: ChatService,
  friendsWithPresence: (userId: number) => Promise<Friend[]>,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(routes.friends, member, async (request) => friendsWithPresence(request.userId));

  serve(routes.unread, member, async (request) => service.unread(request.userId));

  serve(routes.markRead, member, async (request) => ({
    marcados: await service.markRead(request.userId, request.params.id),
  }));

  serve(routes.history, member, async (request) => {
    const { friendId } = request.params;
    const page = await service.history(request.userId, friendId, request.query.before);
    return {
      results: page.results,
      older: page.before === null ? null : `${routePath(routes.history, { friendId })}?before=${page.before}`,
    };
  });

  // What erased members sent stays the receiver's to read, without their name or id (decision 0032).
  serve(routes.formerConversations, member, async (request) => service.formerConversations(request.userId));

  serve(routes.formerHistory, member, async (request) => {
    const { label } = request.params;
    const page = await service.formerHistory(request.userId, label, request.query.before);
    return {
      results: page.results,
      older:
        page.before === null ? null : `${routePath(routes.formerHistory, { label })}?before=${page.before}`,
    };
  });

  serve(routes.markFormerRead, member, async (request) => ({
    marcados: await service.markFormerRead(request.userId, request.params.label),
  }));

  // Hides the caller's own copy only; the other member keeps theirs (issue 16: evidence kept).
  serve(routes.deleteMessages, member, async (request) => ({
    borrados: await service.hideConversations(request.userId),
  }));

  serve(routes.settings, member, async (request) => service.settings(request.userId));
  serve(routes.saveSettings, member, async (request) =>
    service.updateSettings(request.userId, request.body.read_receipts),
  );
}
