import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlockedMemberSchema,
  DetailSchema,
  FriendRequestSchema,
  FriendSchema,
  FriendshipChangeSchema,
  IdParams,
  PendingRequestsSchema,
  ReportReceivedSchema,
  ReportSchema,
} from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import type { RequireAuth } from '../../plugins/authenticate';
import type { FriendshipsService } from './friendships.service';

/**
 * Friend requests, friends, blocks and reports (spec §7 "Friends and chat"). Unfollow, blocks and
 * reports are not named by the spec: `DELETE /api/amigos/{id}/`, `/api/bloqueos/…`, `/api/reportes/`.
 */
export function registerFriendshipRoutes(
  app: FastifyInstance,
  service: FriendshipsService,
  requireAuth: RequireAuth,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };
  const tags = ['friends'];
  const detail = (request: { headers: Record<string, string | string[] | undefined> }, key: string) => ({
    detail: translate(requestLanguage(request.headers), key),
  });

  routes.post(
    '/api/solicitudes/enviar/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Send a friend request to a member (accepts theirs if they asked first)',
        params: IdParams,
        response: { 201: FriendshipChangeSchema },
      },
    },
    async (request, reply) => {
      const status = await service.send(request.userId, request.params.id);
      return reply
        .status(201)
        .send({ friendship_status: status, ...detail(request, `friends.sent_${status}`) });
    },
  );
  routes.delete(
    '/api/solicitudes/cancelar/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Withdraw the request you sent to a member',
        params: IdParams,
        response: { 200: FriendshipChangeSchema },
      },
    },
    async (request) => {
      await service.cancel(request.userId, request.params.id);
      return { friendship_status: 'none' as const, ...detail(request, 'friends.cancelled') };
    },
  );
  routes.get(
    '/api/solicitudes/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Friend requests you received and have not answered, newest first',
        response: { 200: z.array(FriendRequestSchema) },
      },
    },
    async (request) => service.received(request.userId),
  );
  routes.post(
    '/api/solicitudes/:id/aceptar/',
    {
      ...member,
      schema: {
        tags,
        summary: "Accept a friend request (the id is the request's)",
        params: IdParams,
        response: { 200: DetailSchema },
      },
    },
    async (request) => {
      await service.answer(request.userId, request.params.id, true);
      return detail(request, 'friends.accepted');
    },
  );
  routes.delete(
    '/api/solicitudes/:id/rechazar/',
    {
      ...member,
      schema: {
        tags,
        summary: "Refuse a friend request (the id is the request's)",
        params: IdParams,
        response: { 200: DetailSchema },
      },
    },
    async (request) => {
      await service.answer(request.userId, request.params.id, false);
      return detail(request, 'friends.rejected');
    },
  );
  routes.get(
    '/api/amigos/',
    {
      ...member,
      schema: { tags, summary: 'Your friends, with who is online', response: { 200: z.array(FriendSchema) } },
    },
    async (request) => service.friends(request.userId),
  );
  routes.delete(
    '/api/amigos/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: 'End a friendship',
        params: IdParams,
        response: { 200: FriendshipChangeSchema },
      },
    },
    async (request) => {
      await service.unfollow(request.userId, request.params.id);
      return { friendship_status: 'none' as const, ...detail(request, 'friends.unfollowed') };
    },
  );
  routes.get(
    '/api/notificaciones/amistad/',
    {
      ...member,
      schema: {
        tags,
        summary: 'How many friend requests wait for your answer',
        response: { 200: PendingRequestsSchema },
      },
    },
    async (request) => ({ pendientes: await service.pendingCount(request.userId) }),
  );

  routes.get(
    '/api/bloqueos/',
    {
      ...member,
      schema: { tags, summary: 'Members you blocked', response: { 200: z.array(BlockedMemberSchema) } },
    },
    async (request) => service.blocked(request.userId),
  );
  routes.post(
    '/api/bloqueos/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Block a member (ends a friendship with them)',
        params: IdParams,
        response: { 201: DetailSchema },
      },
    },
    async (request, reply) => {
      await service.block(request.userId, request.params.id);
      return reply.status(201).send(detail(request, 'friends.blocked'));
    },
  );
  routes.delete(
    '/api/bloqueos/:id/',
    {
      ...member,
      schema: { tags, summary: 'Unblock a member', params: IdParams, response: { 200: DetailSchema } },
    },
    async (request) => {
      await service.unblock(request.userId, request.params.id);
      return detail(request, 'friends.unblocked');
    },
  );

  routes.post(
    '/api/reportes/',
    {
      ...member,
      schema: {
        tags: ['moderation'],
        summary: 'Report a member, something they published, or a chat',
        body: ReportSchema,
        response: { 201: ReportReceivedSchema },
      },
    },
    async (request, reply) => {
      const report = await service.report(request.userId, request.body);
      if (!report) throw new Error('the report was not stored');
      return reply.status(201).send({ id: report.id, ...detail(request, 'report.received') });
    },
  );
}
