import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CommentSchema, PAGE_SIZE, POST_LIMITS, isCountryCode, type Page, type Post } from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import { readForm } from '../../lib/multipart-form';
import { nextPageUrl } from '../../lib/paging';
import type { RequireAuth } from '../../plugins/authenticate';
import type { PostsService } from './posts.service';

const MAX_PAGE_SIZE = 50;
const MAX_OFFSET = 10_000_000;

const paging = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0),
};
const FeedQuery = z.object({
  ...paging,
  country: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isCountryCode(value), 'profile_edit.errors.country_invalid'),
});
const SearchQuery = z.object({
  ...paging,
  q: z.string().trim().min(1, 'search.errors.query_required').max(POST_LIMITS.search, 'post.errors.too_long'),
});
const PostParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Posts, likes and comments (spec §7 "Posts"). */
export function registerPostRoutes(app: FastifyInstance, service: PostsService, requireAuth: RequireAuth) {
  app.get('/api/posts/', { preHandler: requireAuth }, async (request): Promise<Page<Post>> => {
    const { limit, offset, country } = FeedQuery.parse(request.query);
    const { posts, more } = await service.feed(request.userId, { limit, offset, country });
    return {
      results: posts,
      next: nextPageUrl('/api/posts/', { limit, offset: offset + limit, country }, more),
    };
  });

  app.get('/api/posts/search/', { preHandler: requireAuth }, async (request): Promise<Page<Post>> => {
    const { limit, offset, q } = SearchQuery.parse(request.query);
    const { posts, more } = await service.search(request.userId, q, limit, offset);
    return {
      results: posts,
      next: nextPageUrl('/api/posts/search/', { q, limit, offset: offset + limit }, more),
    };
  });

  app.post('/api/posts/', { preHandler: requireAuth }, async (request, reply) => {
    const post = await service.create(request.userId, await readForm(request, 'image'));
    return reply.status(201).send(post);
  });

  app.put('/api/posts/:id/', { preHandler: requireAuth }, async (request) => {
    const { id } = PostParams.parse(request.params);
    return service.update(request.userId, id, await readForm(request, 'image'));
  });

  app.delete('/api/posts/:id/', { preHandler: requireAuth }, async (request) => {
    const { id } = PostParams.parse(request.params);
    await service.remove(request.userId, id);
    return { detail: translate(requestLanguage(request.headers), 'posts.deleted') };
  });

  app.post('/api/posts/:id/like/', { preHandler: requireAuth }, async (request) => {
    const { id } = PostParams.parse(request.params);
    return service.toggleLike(request.userId, id);
  });

  app.post('/api/posts/:id/comment/', { preHandler: requireAuth }, async (request, reply) => {
    const { id } = PostParams.parse(request.params);
    const { text } = CommentSchema.parse(request.body);
    return reply.status(201).send(await service.comment(request.userId, id, text));
  });
}
