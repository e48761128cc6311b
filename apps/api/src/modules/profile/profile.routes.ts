import type { FastifyInstance } from 'fastify';
import { profileRoutes as routes } from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import { readForm } from '../../lib/multipart-form';
import { nextPageUrl } from '../../lib/paging';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { ProfileService } from './profile.service';

/**
 * The own profile (spec §7 "Profile") and another member's profile as the viewer may see it,
 * declared in `profileRoutes` of the domain (decision 0036).
 */
export function registerProfileRoutes(
  app: FastifyInstance,
  service: ProfileService,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  /** The signed-in account (what login answers as `user`) with its profile. */
  serve(routes.me, member, async (request) => service.me(request.userId));

  serve(routes.own, member, async (request) => service.ownProfile(request.userId));

  serve(routes.save, member, async (request) => {
    const form = await readForm(request);
    const profile = await service.saveProfile(request.userId, form);
    return { ...profile, detail: translate(requestLanguage(request.headers), 'profile.saved') };
  });

  serve(routes.introSeen, member, async (request, reply) => {
    await service.markIntroSeen(request.userId);
    return reply.status(204).send();
  });

  serve(routes.searchByProfile, member, async (request) => {
    const { limit, offset, ...filters } = request.query;
    const { results, more } = await service.search(request.userId, filters, limit, offset);
    return {
      results,
      next: nextPageUrl(routes.searchByProfile.path, { ...filters, limit, offset: offset + limit }, more),
    };
  });

  serve(routes.searchByDisease, member, async (request) => {
    const { limit, offset, ...filters } = request.query;
    const { results, more } = await service.search(request.userId, filters, limit, offset);
    const located = filters.country !== undefined || filters.ciudad !== undefined;
    const anywhere =
      results.length > 0 || !located
        ? results.length > 0
        : (await service.search(request.userId, { orphacode: filters.orphacode }, 1, 0)).results.length > 0;
    return {
      results,
      next: nextPageUrl(routes.searchByDisease.path, { ...filters, limit, offset: offset + limit }, more),
      anywhere,
    };
  });

  serve(routes.member, member, async (request) =>
    service.profileForViewer(request.userId, request.params.id),
  );
}
