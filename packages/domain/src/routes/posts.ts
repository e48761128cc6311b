import { z } from 'zod';
import { FeedPageQuery, PostSearchText } from '../community-feed';
import { countryFilter, pageOf } from '../paging';
import { CommentSchema, LikeAnswerSchema, PostCommentSchema, PostFormSchema, PostSchema } from '../posts';
import { DetailSchema, IdParams, recordId } from '../route-parts';
import { defineRoute } from './define-route';

const tags = ['posts'];
const IMAGE = 'A picture for the post (JPEG, PNG, WebP or GIF; re-encoded by the server)';

/** Posts, likes and comments (spec §7 "Posts"). */
export const postRoutes = {
  feed: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/posts/',
    tags,
    summary:
      'The feed, newest first, optionally of one country, with posts of your communities if you chose so (`before`: the last post id already shown, for deep pages)',
    /**
     * `before` (a post's id) pages by position instead of by count: the posts older than that
     * one, `offset` counted from there. A deep page is then one index range however far down it
     * is (decision 0016); `offset` alone keeps working as the spec says.
     */
    query: FeedPageQuery.extend({ country: countryFilter, before: recordId.optional() }),
    responses: { 200: pageOf(PostSchema) },
  }),
  search: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/posts/search/',
    tags,
    summary: 'Posts whose title or text contains the words',
    query: FeedPageQuery.extend({ q: PostSearchText }),
    responses: { 200: pageOf(PostSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/posts/',
    tags,
    summary: 'Publish a post',
    form: { fields: PostFormSchema, file: 'image', fileDescription: IMAGE },
    responses: { 201: PostSchema },
  }),
  update: defineRoute({
    method: 'PUT',
    supporterScope: 'posts',
    path: '/api/posts/:id/',
    tags,
    summary: 'Change one of your posts',
    params: IdParams,
    form: {
      fields: PostFormSchema.safeExtend({
        remove_image: z
          .enum(['true', 'false'])
          .optional()
          .describe('`true` removes the picture (without a new one)'),
      }),
      file: 'image',
      fileDescription: IMAGE,
    },
    responses: { 200: PostSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    supporterScope: 'posts',
    path: '/api/posts/:id/',
    tags,
    summary: 'Delete one of your posts',
    params: IdParams,
    responses: { 200: DetailSchema },
  }),
  like: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/posts/:id/like/',
    tags,
    summary: 'Like or unlike a post',
    params: IdParams,
    responses: { 200: LikeAnswerSchema },
  }),
  comment: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/posts/:id/comment/',
    tags,
    summary: 'Comment on a post',
    params: IdParams,
    body: CommentSchema,
    responses: { 201: PostCommentSchema },
  }),
};
