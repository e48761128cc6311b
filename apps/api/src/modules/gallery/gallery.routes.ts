import type { FastifyInstance } from 'fastify';
import { galleryRoutes as routes } from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import { readForm } from '../../lib/multipart-form';
import { nextPageUrl } from '../../lib/paging';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { GalleryService } from './gallery.service';

/** The image gallery (spec §7 "Gallery"); each route's contract is `galleryRoutes` of the domain. */
export function registerGalleryRoutes(
  app: FastifyInstance,
  service: GalleryService,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(routes.list, member, async (request) => {
    const { owner, limit, offset } = request.query;
    const ownerId = owner ?? request.userId;
    const { images, more } = await service.list(request.userId, ownerId, limit, offset);
    const next = nextPageUrl(routes.list.path, { owner, limit, offset: offset + limit }, more);
    return { results: images, next };
  });

  serve(routes.create, member, async (request, reply) =>
    reply.status(201).send(await service.create(request.userId, await readForm(request))),
  );

  serve(routes.details, member, async (request) => service.details(request.userId, request.params.id));

  serve(routes.update, member, async (request) =>
    service.update(request.userId, request.params.id, await readForm(request)),
  );

  serve(routes.remove, member, async (request) => {
    await service.remove(request.userId, request.params.id);
    return { detail: translate(requestLanguage(request.headers), 'gallery.deleted') };
  });

  serve(routes.like, member, async (request) => service.toggleLike(request.userId, request.params.id));

  serve(routes.comment, member, async (request, reply) =>
    reply.status(201).send(await service.comment(request.userId, request.params.id, request.body)),
  );

  serve(routes.comments, member, async (request) => service.comments(request.userId, request.params.id));
}
