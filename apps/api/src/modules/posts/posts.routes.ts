import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CommentSchema,
  DetailSchema,
  FeedPageQuery,
  IdParams,
  LikeAnswerSchema,
  PostCommentSchema,
  PostFormSchema,
  PostSchema,
  PostSearchText,
  countryFilter,
  pageOf,
  recordId,
} from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import { readForm, uploadForm } from '../../lib/multipart-form';
import { nextPageUrl } from '../../lib/paging';
import type { RequireAuth } from '../../plugins/authenticate';
import type { PostsService } from './posts.service';

/**
 * `before` (a post's id) pages by position instead of by count: the posts older than that one,
 * `offset` counted from there. A deep page is then one index range however far down it is
 * (decision 0016); `offset` alone keeps working as the spec says.
 */
const FeedQuery = FeedPageQuery.extend({ country: countryFilter, before: recordId.optional() });
const SearchQuery = FeedPageQuery.extend({ q: PostSearchText });
const tags = ['posts'];
const IMAGE = 'A picture for the post (JPEG, PNG, WebP or GIF; re-encoded by the server)';
const newPost = uploadForm(PostFormSchema, 'image', { fileDescription: IMAGE });
const changedPost = uploadForm(
  PostFormSchema.extend({
    remove_image: z
      .enum(['true', 'false'])
      .optional()
      .describe('`true` removes the picture (without a new one)'),
  }),
  'image',
  { fileDescription: IMAGE },
);

/** Posts, likes and comments (spec §7 "Posts"). */
export function registerPostRoutes(app: FastifyInstance, service: PostsService, requireAuth: RequireAuth) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };

  routes.get(
    '/api/posts/',
    {
      ...member,
      schema: {
        tags,
        summary:
          'The feed, newest first, optionally of one country, with posts of your communities if you chose so (`before`: the last post id already shown, for deep pages)',
        querystring: FeedQuery,
        response: { 200: pageOf(PostSchema) },
      },
    },
    async (request) => {
      const { limit, offset, country, before } = request.query;
      const { posts, more } = await service.feed(
        request.userId,
        { kind: 'main', country, before },
        limit,
        offset,
      );
      // Paged by position, the next page starts after this page's last post.
      const next =
        before === undefined
          ? { limit, offset: offset + limit, country }
          : { limit, country, before: posts.at(-1)?.id };
      return { results: posts, next: nextPageUrl('/api/posts/', next, more) };
    },
  );

  routes.get(
    '/api/posts/search/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Posts whose title or text contains the words',
        querystring: SearchQuery,
        response: { 200: pageOf(PostSchema) },
      },
    },
    async (request) => {
      const { limit, offset, q } = request.query;
      const { posts, more } = await service.search(request.userId, { kind: 'main' }, q, limit, offset);
      return {
        results: posts,
        next: nextPageUrl('/api/posts/search/', { q, limit, offset: offset + limit }, more),
      };
    },
  );

  routes.post(
    '/api/posts/',
    {
      ...member,
      ...newPost,
      schema: { tags, summary: 'Publish a post', response: { 201: PostSchema } },
    },
    async (request, reply) => {
      const post = await service.create(request.userId, await readForm(request));
      return reply.status(201).send(post);
    },
  );

  routes.put(
    '/api/posts/:id/',
    {
      ...member,
      ...changedPost,
      schema: {
        tags,
        summary: 'Change one of your posts',
        params: IdParams,
        response: { 200: PostSchema },
      },
    },
    async (request) => service.update(request.userId, request.params.id, await readForm(request)),
  );

  routes.delete(
    '/api/posts/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete one of your posts',
        params: IdParams,
        response: { 200: DetailSchema },
      },
    },
    async (request) => {
      await service.remove(request.userId, request.params.id);
      return { detail: translate(requestLanguage(request.headers), 'posts.deleted') };
    },
  );

  routes.post(
    '/api/posts/:id/like/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Like or unlike a post',
        params: IdParams,
        response: { 200: LikeAnswerSchema },
      },
    },
    async (request) => service.toggleLike(request.userId, request.params.id),
  );

  routes.post(
    '/api/posts/:id/comment/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Comment on a post',
        params: IdParams,
        body: CommentSchema,
        response: { 201: PostCommentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.comment(request.userId, request.params.id, request.body.text)),
  );
}
