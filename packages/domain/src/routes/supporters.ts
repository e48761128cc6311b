import { z } from 'zod';
import { ApiErrorSchema } from '../errors';
import { IdParams } from '../route-parts';
import {
  SupportedMemberSchema,
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
  leave: defineRoute({
    method: 'DELETE',
    path: '/api/supporting/:id/',
    tags,
    summary: 'Decline an invitation, or stop helping a member',
    params: IdParams,
    responses: done,
  }),
};
