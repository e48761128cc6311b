import { z } from 'zod';
import { ApiErrorSchema } from '../errors';
import { IdParams } from '../route-parts';
import {
  ActingSessionSchema,
  SupportedMemberSchema,
  SupporterActivityQuerySchema,
  SupporterActivitySchema,
  SupporterInviteSchema,
  SupporterPermissionsSchema,
  SupporterSchema,
  SupportersSchema,
  SupportingSchema,
} from '../supporters';
import { defineRoute } from './define-route';

const tags = ['supporters'];
const done = { 204: z.null().describe('Done') };

/** Supporters' grants (issue 37 point 1, decision 0047; not in the spec: docs/api.md "Supporters"). */
export const supporterRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/supporters/',
    tags,
    summary: 'The people who help you, and those you invited',
    responses: { 200: SupportersSchema },
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/api/supporters/',
    tags,
    summary: 'Invite someone you trust to help you, choosing what they may do (adults only)',
    body: SupporterInviteSchema,
    responses: {
      201: SupporterSchema,
      403: ApiErrorSchema.describe('supporters_minor: a minor’s account cannot have supporters'),
      409: ApiErrorSchema.describe('supporter_already_invited: a live invitation to that address exists'),
    },
  }),
  change: defineRoute({
    method: 'PATCH',
    path: '/api/supporters/:id/',
    tags,
    summary: 'Change what a supporter may do',
    params: IdParams,
    body: SupporterPermissionsSchema,
    responses: { 200: SupporterSchema },
  }),
  end: defineRoute({
    method: 'DELETE',
    path: '/api/supporters/:id/',
    tags,
    summary: 'End a supporter’s access (or withdraw an invitation), at once',
    params: IdParams,
    responses: done,
  }),
  activity: defineRoute({
    method: 'GET',
    path: '/api/supporters/activity/',
    tags,
    summary: 'Everything your supporters did in your account, newest first, a page at a time',
    query: SupporterActivityQuerySchema,
    responses: { 200: SupporterActivitySchema },
  }),
  supporting: defineRoute({
    method: 'GET',
    path: '/api/supporting/',
    tags,
    summary: 'The members you help, and invitations to help waiting for your answer',
    responses: { 200: SupportingSchema },
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/supporting/:id/accept/',
    tags,
    summary: 'Accept an invitation sent to your address (adults only)',
    params: IdParams,
    responses: { 200: SupportedMemberSchema },
  }),
  act: defineRoute({
    method: 'POST',
    path: '/api/supporting/:id/session/',
    tags,
    summary: 'Act for a member you help: a 15-minute access token, renewed the same way',
    description:
      'Called with your own session. The token’s subject is the member; it carries you as the actor and ' +
      'opens only the routes your grant’s permissions allow (403 supporter_not_allowed elsewhere). ' +
      'Ending the grant, or your session, ends it at once.',
    params: IdParams,
    responses: {
      200: ActingSessionSchema,
      404: ApiErrorSchema.describe('supporter_not_found: no active grant of yours with this id'),
    },
  }),
  leave: defineRoute({
    method: 'DELETE',
    path: '/api/supporting/:id/',
    tags,
    summary: 'Decline an invitation, or stop helping a member',
    params: IdParams,
    responses: done,
  }),
};
