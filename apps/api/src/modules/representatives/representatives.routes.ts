import type { FastifyInstance } from 'fastify';
import { hostRoutes } from '@juntos/domain';
import { requestLanguage } from '../../i18n/messages';
import { nextPageUrl } from '../../lib/paging';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { RepresentativesService } from './representatives.service';

/**
 * Directory entries with their representatives (issue 35, docs/api.md "Hosted communities"):
 * thin routes; the service decides who may invite, accept and confirm, and audits each step.
 */
export function registerRepresentativeRoutes(
  app: FastifyInstance,
  deps: { service: RepresentativesService; requireAuth: RequireAuth; requireAdmin: RequireAuth },
) {
  const serve = routeServer(app);
  const { service } = deps;
  const member = { preValidation: deps.requireAuth };
  const admin = { preValidation: deps.requireAdmin };

  serve(hostRoutes.entry, member, async (request) =>
    service.entry(request.userId, requestLanguage(request.headers), request.params.kind, request.params.id),
  );

  serve(hostRoutes.invite, member, async (request, reply) =>
    reply
      .status(201)
      .send(
        await service.invite(
          request.userId,
          requestLanguage(request.headers),
          request.params.kind,
          request.params.id,
          request.body.email,
        ),
      ),
  );

  serve(hostRoutes.invitation, member, async (request) =>
    service.invitation(request.userId, request.params.token),
  );

  serve(hostRoutes.accept, member, async (request) => service.accept(request.userId, request.params.token));

  serve(hostRoutes.stepDown, member, async (request) => service.stepDown(request.userId, request.params.id));

  serve(hostRoutes.adminRepresentatives, admin, async (request) => {
    const { limit, offset, state } = request.query;
    const page = await service.list(state, limit, offset);
    return {
      results: page.representatives,
      next: nextPageUrl(
        hostRoutes.adminRepresentatives.path,
        { limit, offset: offset + limit, ...(state && { state }) },
        page.more,
      ),
    };
  });

  serve(hostRoutes.confirm, admin, async (request) => service.confirm(request.admin, request.params.id));

  serve(hostRoutes.remove, admin, async (request) => service.remove(request.admin, request.params.id));
}
