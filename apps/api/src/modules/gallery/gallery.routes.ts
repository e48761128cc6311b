import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CommentSchema,
  DetailSchema,
  GalleryCommentSchema,
  GalleryFormSchema,
  GalleryImageDetailsSchema,
  GalleryImageSchema,
  GalleryPatchSchema,
  IdParams,
  LikeAnswerSchema,
  pageOf,
  pageQuery,
  recordId,
} from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import { readForm, uploadForm } from '../../lib/multipart-form';
import { nextPageUrl } from '../../lib/paging';
import type { RequireAuth } from '../../plugins/authenticate';
import type { GalleryService } from './gallery.service';

/** A member's gallery: `owner` is the member whose images are listed (default: the caller). */
const ListQuery = pageQuery({ defaultLimit: 24, maxLimit: 100 }).extend({ owner: recordId.optional() });
const tags = ['gallery'];
const IMAGE = 'The picture (JPEG, PNG, WebP or GIF; re-encoded by the server)';
const newImage = uploadForm(GalleryFormSchema, 'image', { fileRequired: true, fileDescription: IMAGE });
const changedImage = uploadForm(GalleryPatchSchema, 'image', {
  fileDescription: `${IMAGE}, replacing the current one`,
});

/** The image gallery (spec §7 "Gallery"). */
export function registerGalleryRoutes(
  app: FastifyInstance,
  service: GalleryService,
  requireAuth: RequireAuth,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };

  routes.get(
    '/api/gallery/images/',
    {
      ...member,
      schema: {
        tags,
        summary: "A member's images (yours or a friend's), newest first",
        querystring: ListQuery,
        response: { 200: pageOf(GalleryImageSchema) },
      },
    },
    async (request) => {
      const { owner, limit, offset } = request.query;
      const ownerId = owner ?? request.userId;
      const { images, more } = await service.list(request.userId, ownerId, limit, offset);
      const next = nextPageUrl('/api/gallery/images/', { owner, limit, offset: offset + limit }, more);
      return { results: images, next };
    },
  );

  routes.post(
    '/api/gallery/images/',
    {
      ...member,
      ...newImage,
      schema: {
        tags,
        summary: 'Add an image to your gallery',
        response: { 201: GalleryImageDetailsSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.userId, await readForm(request))),
  );

  routes.get(
    '/api/gallery/images/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: 'An image with its comments',
        params: IdParams,
        response: { 200: GalleryImageDetailsSchema },
      },
    },
    async (request) => service.details(request.userId, request.params.id),
  );

  routes.patch(
    '/api/gallery/images/:id/',
    {
      ...member,
      ...changedImage,
      schema: {
        tags,
        summary: 'Change one of your images (only the fields sent)',
        params: IdParams,
        response: { 200: GalleryImageDetailsSchema },
      },
    },
    async (request) => service.update(request.userId, request.params.id, await readForm(request)),
  );

  routes.delete(
    '/api/gallery/images/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete one of your images',
        params: IdParams,
        response: { 200: DetailSchema },
      },
    },
    async (request) => {
      await service.remove(request.userId, request.params.id);
      return { detail: translate(requestLanguage(request.headers), 'gallery.deleted') };
    },
  );

  routes.post(
    '/api/gallery/images/:id/like/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Like or unlike an image',
        params: IdParams,
        response: { 200: LikeAnswerSchema },
      },
    },
    async (request) => service.toggleLike(request.userId, request.params.id),
  );

  routes.post(
    '/api/gallery/images/:id/comment/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Comment on an image',
        params: IdParams,
        body: CommentSchema,
        response: { 201: GalleryCommentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.comment(request.userId, request.params.id, request.body.text)),
  );

  routes.get(
    '/api/gallery/images/:id/comments/',
    {
      ...member,
      schema: {
        tags,
        summary: "An image's comments",
        params: IdParams,
        response: { 200: z.array(GalleryCommentSchema) },
      },
    },
    async (request) => service.comments(request.userId, request.params.id),
  );
}
