import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCommunitySchema,
  ApiErrorSchema,
  COMMUNITY_MEMBERSHIP_LIMIT,
  COMMUNITY_ROUTES,
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
  communityPaths,
  pageOf,
  pageQuery,
  TopicCommunityInputSchema,
} from '@juntos/domain';
import { requestLanguage } from '../../i18n/messages';
import { nextPageUrl } from '../../lib/paging';
import type { RequireAuth } from '../../plugins/authenticate';
import { DISEASE_COMMUNITIES_PER_HOUR, type CommunitiesService } from './communities.service';

const tags = ['communities'];
const refusals = { 401: ApiErrorSchema, 403: ApiErrorSchema };
const AdminPageQuery = pageQuery({ defaultLimit: 50, maxLimit: 200 });

/**
 * Communities (issue 18, docs/api.md "Communities"): thin routes — the domain schema validates,
 * `requireAuth`/`requireAdmin` decide who may call, the service does the rest.
 */
export function registerCommunityRoutes(
  app: FastifyInstance,
  deps: { service: CommunitiesService; requireAuth: RequireAuth; requireAdmin: RequireAuth },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { service } = deps;
  const member = { preValidation: deps.requireAuth };
  const admin = { preValidation: deps.requireAdmin };
  const language = (request: { headers: { 'accept-language'?: string | undefined } }) =>
    requestLanguage(request.headers);

  typed.get(
    COMMUNITY_ROUTES.lists,
    {
      ...member,
      schema: {
        tags,
        summary: 'Communities suggested for you (from your own profile) and the communities you joined',
        response: { 200: CommunityListsSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => service.lists(request.userId, language(request)),
  );

  typed.get(
    COMMUNITY_ROUTES.search,
    {
      ...member,
      schema: {
        tags,
        summary: 'Communities whose name in your language holds the words (accents and case ignored)',
        querystring: CommunitySearchQuery,
        response: { 200: CommunitySearchAnswerSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => service.search(request.userId, language(request), request.query.q),
  );

  typed.get(
    COMMUNITY_ROUTES.disease,
    {
      ...member,
      schema: {
        tags,
        summary: `The community of a rare disease (created the first time anyone opens it; ${DISEASE_COMMUNITIES_PER_HOUR} new ones per member and hour)`,
        params: CommunityOrphacodeParams,
        response: {
          200: CommunityDetailSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request) => service.disease(request.userId, language(request), request.params.orphacode),
  );

  typed.get(
    COMMUNITY_ROUTES.detail,
    {
      ...member,
      schema: {
        tags,
        summary: 'A community: description, member count, whether you belong and may post',
        params: CommunityIdParams,
        response: {
          200: CommunityDetailSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => service.detail(request.userId, language(request), request.params.id),
  );

  typed.post(
    COMMUNITY_ROUTES.join,
    {
      ...member,
      schema: {
        tags,
        summary: `Join a community (not listed among its members until you choose it; at most ${COMMUNITY_MEMBERSHIP_LIMIT})`,
        params: CommunityIdParams,
        response: {
          200: CommunityMembershipSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => service.join(request.userId, request.params.id),
  );

  typed.post(
    COMMUNITY_ROUTES.leave,
    {
      ...member,
      schema: {
        tags,
        summary: 'Leave a community (leaving twice is no error)',
        params: CommunityIdParams,
        response: { 200: CommunityMembershipSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => service.leave(request.userId, request.params.id),
  );

  typed.put(
    COMMUNITY_ROUTES.membership,
    {
      ...member,
      schema: {
        tags,
        summary: 'Choose whether you appear in the member list of a community you belong to',
        params: CommunityIdParams,
        body: CommunityListingBody,
        response: { 200: CommunityMembershipSchema, 400: ApiErrorSchema, ...refusals, 404: ApiErrorSchema },
      },
    },
    async (request) => service.setListed(request.userId, request.params.id, request.body.listed),
  );

  typed.get(
    COMMUNITY_ROUTES.members,
    {
      ...member,
      schema: {
        tags,
        summary: 'Members who chose to be listed, for members only (your own age group)',
        params: CommunityIdParams,
        querystring: CommunityMembersQuery,
        response: {
          200: pageOf(CommunityMemberSchema),
          400: ApiErrorSchema,
          ...refusals,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { limit, offset } = request.query;
      const page = await service.members(request.userId, id, limit, offset);
      return {
        results: page.members,
        next: nextPageUrl(communityPaths.members(id), { limit, offset: offset + limit }, page.more),
      };
    },
  );

  // ─── Administrators ─────────────────────────────────────────────────────────────────────────

  typed.get(
    COMMUNITY_ROUTES.adminList,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Every community (topics first) with its moderators',
        querystring: AdminPageQuery,
        response: { 200: pageOf(AdminCommunitySchema), 400: ApiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await service.adminList(language(request), limit, offset);
      return {
        results: page.communities,
        next: nextPageUrl(COMMUNITY_ROUTES.adminList, { limit, offset: offset + limit }, page.more),
      };
    },
  );

  typed.post(
    COMMUNITY_ROUTES.adminList,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Create a topic community (Spanish name and description required)',
        body: TopicCommunityInputSchema,
        response: { 201: AdminCommunitySchema, 400: ApiErrorSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTopic(request.admin, language(request), request.body)),
  );

  typed.put(
    COMMUNITY_ROUTES.adminDetail,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Change a topic community',
        params: CommunityIdParams,
        body: TopicCommunityInputSchema,
        response: {
          200: AdminCommunitySchema,
          400: ApiErrorSchema,
          ...refusals,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => service.updateTopic(request.admin, language(request), request.params.id, request.body),
  );

  typed.delete(
    COMMUNITY_ROUTES.adminDetail,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a topic community with its memberships and posts',
        params: CommunityIdParams,
        response: {
          204: z.null().describe('Deleted'),
          400: ApiErrorSchema,
          ...refusals,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await service.deleteTopic(request.admin, request.params.id);
      return reply.status(204).send(null);
    },
  );

  typed.post(
    COMMUNITY_ROUTES.adminModerator,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Appoint a member as moderator of a community (joining them to it)',
        params: CommunityModeratorParams,
        response: {
          200: CommunityModeratorAnswerSchema,
          400: ApiErrorSchema,
          ...refusals,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      await service.appointModerator(request.admin, request.params.id, request.params.userId);
      return { moderator: true };
    },
  );

  typed.delete(
    COMMUNITY_ROUTES.adminModerator,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'End a member’s moderation of a community (they stay a member)',
        params: CommunityModeratorParams,
        response: {
          200: CommunityModeratorAnswerSchema,
          400: ApiErrorSchema,
          ...refusals,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      await service.removeModerator(request.admin, request.params.id, request.params.userId);
      return { moderator: false };
    },
  );
}
