import { z } from 'zod';
import {
  AdminCommunitySchema,
  COMMUNITY_MEMBERSHIP_LIMIT,
  CommunityDetailSchema,
  CommunityIdParams,
  CommunityListingBody,
  CommunityListsSchema,
  CommunityMemberSchema,
  CommunityMembersQuery,
  CommunityMembershipSchema,
  CommunityModeratorAnswerSchema,
  CommunityModeratorParams,
  CommunityOrphacodeParams,
  CommunitySearchAnswerSchema,
  CommunitySearchQuery,
  TopicCommunityInputSchema,
} from '../communities';
import { CommunityFeedQuery, CommunityFeedSettingsSchema } from '../community-feed';
import { CommunityJoinBody } from '../hosts';
import { ApiErrorSchema } from '../errors';
import { CommunityPostParams, PostPinSchema } from '../moderation';
import { pageOf, pageQuery } from '../paging';
import { PostFormSchema, PostSchema } from '../posts';
import { defineRoute } from './define-route';

const tags = ['communities'];
const adminTags = ['admin'];
const refusals = { 401: ApiErrorSchema, 403: ApiErrorSchema };

/** New disease communities one member may open an hour (the API's rate limit). */
export const DISEASE_COMMUNITIES_PER_HOUR = 30;

const pin = (pinned: boolean) =>
  defineRoute({
    method: 'POST',
    path: `/api/comunidades/:id/publicaciones/:postId/${pinned ? 'fijar' : 'desfijar'}/`,
    tags: ['communities', 'moderation'],
    summary: pinned
      ? 'Pin a post of the community to the top of its feed (its moderators and administrators)'
      : 'Unpin a post of the community (its moderators and administrators)',
    params: CommunityPostParams,
    responses: { 200: PostPinSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
  });

/** Communities (issue 18): the lists, a community, its membership and members, its feed and pins. */
export const communityRoutes = {
  lists: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/comunidades/',
    tags,
    summary: 'Communities suggested for you (from your own profile) and the communities you joined',
    responses: { 200: CommunityListsSchema, 401: ApiErrorSchema },
  }),
  search: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/comunidades/buscar/',
    tags,
    summary: 'Communities whose name in your language holds the words (accents and case ignored)',
    query: CommunitySearchQuery,
    responses: { 200: CommunitySearchAnswerSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
  }),
  disease: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/comunidades/enfermedad/:orphacode/',
    tags,
    summary: `The community of a rare disease (created the first time anyone opens it; ${DISEASE_COMMUNITIES_PER_HOUR} new ones per member and hour)`,
    params: CommunityOrphacodeParams,
    responses: {
      200: CommunityDetailSchema,
      400: ApiErrorSchema,
      401: ApiErrorSchema,
      404: ApiErrorSchema,
      429: ApiErrorSchema,
    },
  }),
  detail: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/comunidades/:id/',
    tags,
    summary: 'A community: description, member count, whether you belong and may post',
    params: CommunityIdParams,
    responses: { 200: CommunityDetailSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
  }),
  join: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/comunidades/:id/unirse/',
    tags,
    summary: `Join a community (not listed among its members until you choose it; at most ${COMMUNITY_MEMBERSHIP_LIMIT})`,
    description:
      "A community with rules (issue 35) is joined by accepting them: `rules_version` must be the version in force (the community answer's `rules.version`), else 400 `rules_not_accepted` naming the field.",
    params: CommunityIdParams,
    body: CommunityJoinBody,
    responses: {
      200: CommunityMembershipSchema,
      400: ApiErrorSchema,
      401: ApiErrorSchema,
      404: ApiErrorSchema,
      409: ApiErrorSchema,
    },
  }),
  leave: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/comunidades/:id/salir/',
    tags,
    summary: 'Leave a community (leaving twice is no error)',
    params: CommunityIdParams,
    responses: { 200: CommunityMembershipSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
  }),
  membership: defineRoute({
    method: 'PUT',
    supporterScope: 'posts',
    path: '/api/comunidades/:id/membresia/',
    tags,
    summary: 'Choose whether you appear in the member list of a community you belong to',
    params: CommunityIdParams,
    body: CommunityListingBody,
    responses: { 200: CommunityMembershipSchema, 400: ApiErrorSchema, ...refusals, 404: ApiErrorSchema },
  }),
  members: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/comunidades/:id/miembros/',
    tags,
    summary: 'Members who chose to be listed, for members only (your own age group)',
    params: CommunityIdParams,
    query: CommunityMembersQuery,
    responses: { 200: pageOf(CommunityMemberSchema), 400: ApiErrorSchema, ...refusals, 404: ApiErrorSchema },
  }),

  // ─── The community feed: the main feed's posts, one community at a time ───────────────────────
  feedSettings: defineRoute({
    method: 'GET',
    supporterScope: 'profile',
    path: '/api/comunidades/ajustes/',
    tags,
    summary: 'Whether your main feed also shows posts of your communities',
    responses: { 200: CommunityFeedSettingsSchema },
  }),
  saveFeedSettings: defineRoute({
    method: 'PUT',
    supporterScope: 'profile',
    path: '/api/comunidades/ajustes/',
    tags,
    summary: 'Choose whether your main feed also shows posts of your communities',
    body: CommunityFeedSettingsSchema,
    responses: { 200: CommunityFeedSettingsSchema },
  }),
  feed: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/comunidades/:id/publicaciones/',
    tags,
    summary:
      "A community's posts in your age group, for its members: pinned ones first on the first page, then newest first; with q, those holding the words",
    params: CommunityIdParams,
    query: CommunityFeedQuery,
    responses: { 200: pageOf(PostSchema) },
  }),
  publish: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/comunidades/:id/publicaciones/',
    tags,
    summary: 'Publish a post in a community you belong to',
    params: CommunityIdParams,
    form: {
      fields: PostFormSchema,
      file: 'image',
      fileDescription: 'A picture for the post (JPEG, PNG, WebP or GIF; re-encoded by the server)',
    },
    responses: { 201: PostSchema },
  }),
  pin: pin(true),
  unpin: pin(false),

  // ─── Administrators ─────────────────────────────────────────────────────────────────────────
  adminList: defineRoute({
    method: 'GET',
    path: '/api/admin/comunidades/',
    tags: adminTags,
    summary: 'Every community (topics first) with its moderators',
    query: pageQuery({ defaultLimit: 50, maxLimit: 200 }),
    responses: { 200: pageOf(AdminCommunitySchema), 400: ApiErrorSchema, ...refusals },
  }),
  adminCreate: defineRoute({
    method: 'POST',
    path: '/api/admin/comunidades/',
    tags: adminTags,
    summary: 'Create a topic community (Spanish name and description required)',
    body: TopicCommunityInputSchema,
    responses: { 201: AdminCommunitySchema, 400: ApiErrorSchema, ...refusals, 409: ApiErrorSchema },
  }),
  adminUpdate: defineRoute({
    method: 'PUT',
    path: '/api/admin/comunidades/:id/',
    tags: adminTags,
    summary: 'Change a topic community',
    params: CommunityIdParams,
    body: TopicCommunityInputSchema,
    responses: {
      200: AdminCommunitySchema,
      400: ApiErrorSchema,
      ...refusals,
      404: ApiErrorSchema,
      409: ApiErrorSchema,
    },
  }),
  adminDelete: defineRoute({
    method: 'DELETE',
    path: '/api/admin/comunidades/:id/',
    tags: adminTags,
    summary: 'Delete a topic community with its memberships and posts',
    params: CommunityIdParams,
    responses: { 204: z.null().describe('Deleted'), 400: ApiErrorSchema, ...refusals, 404: ApiErrorSchema },
  }),
  appointModerator: defineRoute({
    method: 'POST',
    path: '/api/admin/comunidades/:id/moderadores/:userId/',
    tags: adminTags,
    summary: 'Appoint a member as moderator of a community (joining them to it)',
    params: CommunityModeratorParams,
    responses: { 200: CommunityModeratorAnswerSchema, 400: ApiErrorSchema, ...refusals, 404: ApiErrorSchema },
  }),
  removeModerator: defineRoute({
    method: 'DELETE',
    path: '/api/admin/comunidades/:id/moderadores/:userId/',
    tags: adminTags,
    summary: 'End a member’s moderation of a community (they stay a member)',
    params: CommunityModeratorParams,
    responses: { 200: CommunityModeratorAnswerSchema, 400: ApiErrorSchema, ...refusals, 404: ApiErrorSchema },
  }),
};
