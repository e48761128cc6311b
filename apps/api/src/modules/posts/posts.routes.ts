import type { FastifyInstance } from 'fastify';
import { postRoutes } from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import { readForm } from '../../lib/multipart-form';
import { nextPageUrl } from '../../lib/paging';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { PostsService } from './posts.service';

/** Posts, likes and comments (spec §7 "Posts"); each route's contract is `postRoutes` of the domain. */
export function registerPostRoutes(app: FastifyInstance, service: PostsService, requireAuth: RequireAuth) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(postRoutes.feed, member, async (request) => {
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
    return { results: posts, next: nextPageUrl(postRoutes.feed.path, next, more) };
  });

  serve(postRoutes.search, member, async (request) => {
    const { limit, offset, q } = request.query;
    const { posts, more } = await service.search(request.userId, { kind: 'main' }, q, limit, offset);
    return {
      results: posts,
      next: nextPageUrl(postRoutes.search.path, { q, limit, offset: offset + limit }, more),
    };
  });

  serve(postRoutes.create, member, async (request, reply) => {
    const post = await service.create(request.userId, await readForm(request));
    return reply.status(201).send(post);
  });

  serve(postRoutes.update, member, async (request) =>
    service.update(request.userId, request.params.id, await readForm(request)),
  );

  serve(postRoutes.remove, member, async (request) => {
    await service.remove(request.userId, request.params.id);
    return { detail: translate(requestLanguage(request.headers), 'posts.deleted') };
  });

  serve(postRoutes.like, member, async (request) => service.toggleLike(request.userId, request.params.id));

  serve(postRoutes.comment, member, async (request, reply) =>
    reply.status(201).send(await service.comment(request.userId, request.params.id, request.body)),
  );
}
