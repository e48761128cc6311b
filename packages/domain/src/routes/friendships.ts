import { z } from 'zod';
import {
  BlockedMemberSchema,
  FriendRequestSchema,
  FriendSchema,
  FriendshipChangeSchema,
  PendingRequestsSchema,
  ReportReceivedSchema,
  ReportSchema,
} from '../friendships';
import { DetailSchema, IdParams } from '../route-parts';
import { defineRoute } from './define-route';

const tags = ['friends'];

/**
 * Friend requests, friends, blocks and reports (spec §7 "Friends and chat"). Unfollow, blocks and
 * reports are not named by the spec: `DELETE /api/amigos/{id}/`, `/api/bloqueos/…`, `/api/reportes/`.
 */
export const friendshipRoutes = {
  send: defineRoute({
    method: 'POST',
    supporterScope: 'profile',
    path: '/api/solicitudes/enviar/:id/',
    tags,
    summary: 'Send a friend request to a member (accepts theirs if they asked first)',
    params: IdParams,
    responses: { 201: FriendshipChangeSchema },
  }),
  cancel: defineRoute({
    method: 'DELETE',
    supporterScope: 'profile',
    path: '/api/solicitudes/cancelar/:id/',
    tags,
    summary: 'Withdraw the request you sent to a member',
    params: IdParams,
    responses: { 200: FriendshipChangeSchema },
  }),
  received: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/solicitudes/',
    tags,
    summary: 'Friend requests you received and have not answered, newest first',
    responses: { 200: z.array(FriendRequestSchema) },
  }),
  accept: defineRoute({
    method: 'POST',
    supporterScope: 'profile',
    path: '/api/solicitudes/:id/aceptar/',
    tags,
    summary: "Accept a friend request (the id is the request's)",
    params: IdParams,
    responses: { 200: DetailSchema },
  }),
  refuse: defineRoute({
    method: 'DELETE',
    supporterScope: 'profile',
    path: '/api/solicitudes/:id/rechazar/',
    tags,
    summary: "Refuse a friend request (the id is the request's)",
    params: IdParams,
    responses: { 200: DetailSchema },
  }),
  friends: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/amigos/',
    tags,
    summary: 'Your friends, with who is online',
    responses: { 200: z.array(FriendSchema) },
  }),
  unfollow: defineRoute({
    method: 'DELETE',
    supporterScope: 'profile',
    path: '/api/amigos/:id/',
    tags,
    summary: 'End a friendship',
    params: IdParams,
    responses: { 200: FriendshipChangeSchema },
  }),
  pending: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/notificaciones/amistad/',
    tags,
    summary: 'How many friend requests wait for your answer',
    responses: { 200: PendingRequestsSchema },
  }),
  blocked: defineRoute({
    method: 'GET',
    supporterScope: 'profile',
    path: '/api/bloqueos/',
    tags,
    summary: 'Members you blocked',
    responses: { 200: z.array(BlockedMemberSchema) },
  }),
  block: defineRoute({
    method: 'POST',
    supporterScope: 'profile',
    path: '/api/bloqueos/:id/',
    tags,
    summary: 'Block a member (ends a friendship with them)',
    params: IdParams,
    responses: { 201: DetailSchema },
  }),
  unblock: defineRoute({
    method: 'DELETE',
    supporterScope: 'profile',
    path: '/api/bloqueos/:id/',
    tags,
    summary: 'Unblock a member',
    params: IdParams,
    responses: { 200: DetailSchema },
  }),
  report: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/reportes/',
    tags: ['moderation'],
    summary: 'Report a member, something they published, or a chat',
    body: ReportSchema,
    responses: { 201: ReportReceivedSchema },
  }),
};
