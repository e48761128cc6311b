import { z } from 'zod';
import { KeywordFilterFormSchema, KeywordFilterSchema, MutesSchema } from '../mutes';
import { IdParams } from '../route-parts';
import { defineRoute } from './define-route';

const tags = ['mutes'];
const done = { 204: z.null().describe('Done (also when it already was)') };

/** Muting members and communities (issue 37 point 3; not in the spec: docs/api.md "Muting"). */
export const muteRoutes = {
  list: defineRoute({
    method: 'GET',
    supporterScope: 'profile',
    path: '/api/mutes/',
    tags,
    summary: 'The members and communities you muted',
    responses: { 200: MutesSchema },
  }),
  muteMember: defineRoute({
    method: 'PUT',
    supporterScope: 'profile',
    path: '/api/mutes/members/:id/',
    tags,
    summary: 'Mute a member: their posts, comments and notifications stop coming to you; they are not told',
    params: IdParams,
    responses: done,
  }),
  unmuteMember: defineRoute({
    method: 'DELETE',
    supporterScope: 'profile',
    path: '/api/mutes/members/:id/',
    tags,
    summary: 'Unmute a member',
    params: IdParams,
    responses: done,
  }),
  muteCommunity: defineRoute({
    method: 'PUT',
    supporterScope: 'profile',
    path: '/api/mutes/communities/:id/',
    tags,
    summary: "Keep a community's posts out of your main feed (its own page still shows them)",
    params: IdParams,
    responses: done,
  }),
  unmuteCommunity: defineRoute({
    method: 'DELETE',
    supporterScope: 'profile',
    path: '/api/mutes/communities/:id/',
    tags,
    summary: "Let a community's posts into your main feed again",
    params: IdParams,
    responses: done,
  }),
  addKeyword: defineRoute({
    method: 'POST',
    supporterScope: 'profile',
    path: '/api/mutes/keywords/',
    tags,
    summary:
      'Filter a word or phrase out of your feeds, communities, comments and notifications (hide), or have it shown closed (warn)',
    body: KeywordFilterFormSchema,
    responses: { 201: KeywordFilterSchema },
  }),
  removeKeyword: defineRoute({
    method: 'DELETE',
    supporterScope: 'profile',
    path: '/api/mutes/keywords/:id/',
    tags,
    summary: 'Remove one of your keyword filters',
    params: IdParams,
    responses: done,
  }),
};
