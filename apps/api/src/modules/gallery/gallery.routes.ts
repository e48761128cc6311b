import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CommentSchema } from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import { readForm } from '../../lib/multipart-form';
import { nextPageUrl } from '../../lib/paging';
import type { RequireAuth } from '../../plugins/authenticate';
import type { GalleryService } from './gallery.service';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const ImageParams = z.object({ id });
const ListQuery = z.object({
  owner: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The image gallery (spec §7 "Gallery"). */
export function registerGalleryRoutes(
  app: FastifyInstance,
  service: GalleryService,
  requireAuth: RequireAuth,
) {
  app.get('/api/gallery/images/', { preHandler: requireAuth }, async (request) => {
    const { owner, limit, offset } = ListQuery.parse(request.query);
    const ownerId = owner ?? request.userId;
    const { images, more } = await service.list(request.userId, ownerId, limit, offset);
    const next = nextPageUrl('/api/gallery/images/', { owner, limit, offset: offset + limit }, more);
    return { results: images, next };
  });

  app.post('/api/gallery/images/', { preHandler: requireAuth }, async (request, reply) =>
    reply.status(201).send(await service.create(request.userId, await readForm(request, 'image'))),
  );

  app.get('/api/gallery/images/:id/', { preHandler: requireAuth }, async (request) =>
    service.details(request.userId, ImageParams.parse(request.params).id),
  );

  app.patch('/api/gallery/images/:id/', { preHandler: requireAuth }, async (request) =>
    service.update(request.userId, ImageParams.parse(request.params).id, await readForm(request, 'image')),
  );

  app.delete('/api/gallery/images/:id/', { preHandler: requireAuth }, async (request) => {
    await service.remove(request.userId, ImageParams.parse(request.params).id);
    return { detail: translate(requestLanguage(request.headers), 'gallery.deleted') };
  });

  app.post('/api/gallery/images/:id/like/', { preHandler: requireAuth }, async (request) =>
    service.toggleLike(request.userId, ImageParams.parse(request.params).id),
  );

  app.post('/api/gallery/images/:id/comment/', { preHandler: requireAuth }, async (request, reply) => {
    const { id: imageId } = ImageParams.parse(request.params);
    const { text } = CommentSchema.parse(request.body);
    return reply.status(201).send(await service.comment(request.userId, imageId, text));
  });

  app.get('/api/gallery/images/:id/comments/', { preHandler: requireAuth }, async (request) =>
    service.comments(request.userId, ImageParams.parse(request.params).id),
  );
}
