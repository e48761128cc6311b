import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { communityRoutes, routePath } from '@juntos/domain';
import { readForm } from '../../lib/multipart-form';
import { nextPageUrl } from '../../lib/paging';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { PostsService } from '../posts';

export type CommunityFeedDeps = { posts: PostsService; requireAuth: RequireAuth };

/**
 * A community's feed (issue 18) is the main feed's posts, likes and comments: these routes only
 * name the community, the posts service does the rest (membership to read, post or answer, the
 * safeguarding rule that splits each community into an adults' and a minors' space). Likes and
 * comments on a community's post use the posts' routes (`/api/posts/{id}/like/`, `…/comment/`).
 */
export function registerCommunityFeedRoutes(app: FastifyInstance, { posts, requireAuth }: CommunityFeedDeps) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(communityRoutes.feedSettings, member, async (request) => posts.feedSettings(request.userId));

  serve(communityRoutes.saveFeedSettings, member, async (request) =>
    posts.saveFeedSettings(request.userId, request.body),
  );

  serve(communityRoutes.feed, member, async (request) => {
    const { id } = request.params;
    const { limit, offset, q } = request.query;
    const source = { kind: 'community', communityId: id } as const;
    const { posts: page, more } = q
      ? await posts.search(request.userId, source, q, limit, offset)
      : await posts.feed(request.userId, source, limit, offset);
    return {
      results: page,
      next: nextPageUrl(routePath(communityRoutes.feed, { id }), { q, limit, offset: offset + limit }, more),
    };
  });

  serve(communityRoutes.publish, member, async (request, reply) => {
    const post = await posts.createInCommunity(request.userId, request.params.id, () => readForm(request));
    return reply.status(201).send(post);
  });
}

/**
 * The community feed as a plugin of its own, registered beside the posts, so it does not wait
 * for the rest of the communities module.
 */
export const communityFeedModule = fp<CommunityFeedDeps>(
  async (app, deps) => registerCommunityFeedRoutes(app, deps),
  { name: 'community-feed' },
);
