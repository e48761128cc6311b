import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMMUNITY_FEED_ROUTES,
  CommunityFeedQuery,
  CommunityFeedSettingsSchema,
  CommunityIdParams,
  PostFormSchema,
  PostSchema,
  communityFeedPaths,
  pageOf,
} from '@juntos/domain';
import { readForm, uploadForm } from '../../lib/multipart-form';
import { nextPageUrl } from '../../lib/paging';
import type { RequireAuth } from '../../plugins/authenticate';
import type { PostsService } from '../posts';

export type CommunityFeedDeps = { posts: PostsService; requireAuth: RequireAuth };

const tags = ['communities'];

/**
 * A community's feed (issue 18) is the main feed's posts, likes and comments: these routes only
 * name the community, the posts service does the rest (membership to read, post or answer, the
 * safeguarding rule that splits each community into an adults' and a minors' space). Likes and
 * comments on a community's post use the posts' routes (`/api/posts/{id}/like/`, `…/comment/`).
 */
export function registerCommunityFeedRoutes(app: FastifyInstance, { posts, requireAuth }: CommunityFeedDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };

  routes.get(
    COMMUNITY_FEED_ROUTES.settings,
    {
      ...member,
      schema: {
        tags,
        summary: 'Whether your main feed also shows posts of your communities',
        response: { 200: CommunityFeedSettingsSchema },
      },
    },
    async (request) => posts.feedSettings(request.userId),
  );

  routes.put(
    COMMUNITY_FEED_ROUTES.settings,
    {
      ...member,
      schema: {
        tags,
        summary: 'Choose whether your main feed also shows posts of your communities',
        body: CommunityFeedSettingsSchema,
        response: { 200: CommunityFeedSettingsSchema },
      },
    },
    async (request) => posts.saveFeedSettings(request.userId, request.body),
  );

  routes.get(
    COMMUNITY_FEED_ROUTES.feed,
    {
      ...member,
      schema: {
        tags,
        summary:
          "A community's posts in your age group, for its members: pinned ones first on the first page, then newest first; with q, those holding the words",
        params: CommunityIdParams,
        querystring: CommunityFeedQuery,
        response: { 200: pageOf(PostSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { limit, offset, q } = request.query;
      const source = { kind: 'community', communityId: id } as const;
      const { posts: page, more } = q
        ? await posts.search(request.userId, source, q, limit, offset)
        : await posts.feed(request.userId, source, limit, offset);
      return {
        results: page,
        next: nextPageUrl(communityFeedPaths.feed(id), { q, limit, offset: offset + limit }, more),
      };
    },
  );

  routes.post(
    COMMUNITY_FEED_ROUTES.feed,
    {
      ...member,
      ...uploadForm(PostFormSchema, 'image', {
        fileDescription: 'A picture for the post (JPEG, PNG, WebP or GIF; re-encoded by the server)',
      }),
      schema: {
        tags,
        summary: 'Publish a post in a community you belong to',
        params: CommunityIdParams,
        response: { 201: PostSchema },
      },
    },
    async (request, reply) => {
      const post = await posts.createInCommunity(request.userId, request.params.id, () => readForm(request));
      return reply.status(201).send(post);
    },
  );
}

/**
 * The community feed as a plugin of its own, registered beside the posts, so it does not wait
 * for the rest of the communities module.
 */
export const communityFeedModule = fp<CommunityFeedDeps>(
  async (app, deps) => registerCommunityFeedRoutes(app, deps),
  { name: 'community-feed' },
);
