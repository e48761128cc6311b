import { z } from 'zod';
import { pageOf, pageQuery } from '../paging';
import {
  CommentSchema,
  GalleryCommentSchema,
  GalleryFormSchema,
  GalleryImageDetailsSchema,
  GalleryImageSchema,
  GalleryPatchSchema,
  LikeAnswerSchema,
} from '../posts';
import { DetailSchema, IdParams, recordId } from '../route-parts';
import { defineRoute } from './define-route';

const tags = ['gallery'];
const IMAGE = 'The picture (JPEG, PNG, WebP or GIF; re-encoded by the server)';

/** The image gallery (spec §7 "Gallery"). */
export const galleryRoutes = {
  list: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/gallery/images/',
    tags,
    summary: "A member's images (yours or a friend's), newest first",
    /** `owner` is the member whose images are listed (default: the caller). */
    query: pageQuery({ defaultLimit: 24, maxLimit: 100 }).extend({ owner: recordId.optional() }),
    responses: { 200: pageOf(GalleryImageSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/gallery/images/',
    tags,
    summary: 'Add an image to your gallery',
    form: { fields: GalleryFormSchema, file: 'image', fileRequired: true, fileDescription: IMAGE },
    responses: { 201: GalleryImageDetailsSchema },
  }),
  details: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/gallery/images/:id/',
    tags,
    summary: 'An image with its comments',
    params: IdParams,
    responses: { 200: GalleryImageDetailsSchema },
  }),
  update: defineRoute({
    method: 'PATCH',
    supporterScope: 'posts',
    path: '/api/gallery/images/:id/',
    tags,
    summary: 'Change one of your images (only the fields sent)',
    params: IdParams,
    form: {
      fields: GalleryPatchSchema,
      file: 'image',
      fileDescription: `${IMAGE}, replacing the current one`,
    },
    responses: { 200: GalleryImageDetailsSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    supporterScope: 'posts',
    path: '/api/gallery/images/:id/',
    tags,
    summary: 'Delete one of your images',
    params: IdParams,
    responses: { 200: DetailSchema },
  }),
  like: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/gallery/images/:id/like/',
    tags,
    summary: 'Like or unlike an image',
    params: IdParams,
    responses: { 200: LikeAnswerSchema },
  }),
  comment: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/gallery/images/:id/comment/',
    tags,
    summary: 'Comment on an image',
    params: IdParams,
    body: CommentSchema,
    responses: { 201: GalleryCommentSchema },
  }),
  comments: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/gallery/images/:id/comments/',
    tags,
    summary: "An image's comments",
    params: IdParams,
    responses: { 200: z.array(GalleryCommentSchema) },
  }),
};
