import type { FastifyInstance } from 'fastify';
import { friendshipRoutes as routes } from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { FriendshipsService } from './friendships.service';

/**
 * Friend requests, friends, blocks and reports (spec §7 "Friends and chat"), declared in
 * `friendshipRoutes` of the domain (decision 0036).
 */
export function registerFriendshipRoutes(
  app: FastifyInstance,
  service: FriendshipsService,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };
  const detail = (request: { headers: Record<string, string | string[] | undefined> }, key: string) => ({
    detail: translate(requestLanguage(request.headers), key),
  });

  serve(routes.send, member, async (request, reply) => {
    const status = await service.send(request.userId, request.params.id);
    return reply
      .status(201)
      .send({ friendship_status: status, ...detail(request, `friends.sent_${status}`) });
  });
  serve(routes.cancel, member, async (request) => {
    await service.cancel(request.userId, request.params.id);
    return { friendship_status: 'none' as const, ...detail(request, 'friends.cancelled') };
  });
  serve(routes.received, member, async (request) => service.received(request.userId));
  serve(routes.accept, member, async (request) => {
    await service.answer(request.userId, request.params.id, true);
    return detail(request, 'friends.accepted');
  });
  serve(routes.refuse, member, async (request) => {
    await service.answer(request.userId, request.params.id, false);
    return detail(request, 'friends.rejected');
  });
  serve(routes.friends, member, async (request) => service.friends(request.userId));
  serve(routes.unfollow, member, async (request) => {
    await service.unfollow(request.userId, request.params.id);
    return { friendship_status: 'none' as const, ...detail(request, 'friends.unfollowed') };
  });
  serve(routes.pending, member, async (request) => ({
    pendientes: await service.pendingCount(request.userId),
  }));

  serve(routes.blocked, member, async (request) => service.blocked(request.userId));
  serve(routes.block, member, async (request, reply) => {
    await service.block(request.userId, request.params.id);
    return reply.status(201).send(detail(request, 'friends.blocked'));
  });
  serve(routes.unblock, member, async (request) => {
    await service.unblock(request.userId, request.params.id);
    return detail(request, 'friends.unblocked');
  });

  serve(routes.report, member, async (request, reply) => {
    const report = await service.report(request.userId, request.body);
    if (!report) throw new Error('the report was not stored');
    return reply.status(201).send({ id: report.id, ...detail(request, 'report.received') });
  });
}
