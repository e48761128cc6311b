import type { FastifyInstance } from 'fastify';
import { communityRoutes, hostRoutes, routePath } from '@juntos/domain';
import { requestLanguage } from '../../i18n/messages';
import { nextPageUrl } from '../../lib/paging';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import { auditAs, type RequireModerator } from '../moderation';
import type { CommunitiesService } from './communities.service';

type Audit = Parameters<typeof auditAs>[0];

/**
 * Communities (issue 18): thin routes — the domain's definition (`communityRoutes`) validates,
 * `requireAuth`/`requireAdmin` decide who may call, the service does the rest.
 */
export function registerCommunityRoutes(
  app: FastifyInstance,
  deps: {
    service: CommunitiesService;
    requireAuth: RequireAuth;
    requireAdmin: RequireAuth;
    /** Hosts write rules: the moderators' guard knows them (and administrators), with their e-mail. */
    requireModerator: RequireModerator;
    audit: Audit;
  },
) {
  const serve = routeServer(app);
  const { service } = deps;
  const member = { preValidation: deps.requireAuth };
  const admin = { preValidation: deps.requireAdmin };
  const language = (request: { headers: { 'accept-language'?: string | undefined } }) =>
    requestLanguage(request.headers);

  serve(communityRoutes.lists, member, async (request) => service.lists(request.userId, language(request)));

  serve(communityRoutes.search, member, async (request) =>
    service.search(request.userId, language(request), request.query.q),
  );

  serve(communityRoutes.disease, member, async (request) =>
    service.disease(request.userId, language(request), request.params.orphacode),
  );

  serve(communityRoutes.detail, member, async (request) =>
    service.detail(request.userId, language(request), request.params.id),
  );

  serve(communityRoutes.join, member, async (request) =>
    service.join(request.userId, request.params.id, request.body?.rules_version),
  );

  // ─── Hosts' rules (issue 35) ────────────────────────────────────────────────────────────────

  serve(hostRoutes.rules, { preValidation: deps.requireModerator }, async (request) => {
    const { id } = request.params;
    const written = await service.writeRules(request.moderator, id, request.body.text);
    if (written.changed)
      await auditAs(deps.audit, request.moderator, {
        action: 'community.rules',
        targetType: 'community',
        targetId: id,
        details: { rules_version: written.version ?? null, withdrawn: written.rules === null },
      });
    return { rules: written.rules };
  });

  serve(hostRoutes.acceptRules, member, async (request) =>
    service.acceptRules(request.userId, request.params.id, request.body.rules_version),
  );

  serve(communityRoutes.leave, member, async (request) => service.leave(request.userId, request.params.id));

  serve(communityRoutes.membership, member, async (request) =>
    service.setListed(request.userId, request.params.id, request.body.listed),
  );

  serve(communityRoutes.members, member, async (request) => {
    const { id } = request.params;
    const { limit, offset } = request.query;
    const page = await service.members(request.userId, id, limit, offset);
    return {
      results: page.members,
      next: nextPageUrl(
        routePath(communityRoutes.members, { id }),
        { limit, offset: offset + limit },
        page.more,
      ),
    };
  });

  // ─── Administrators ─────────────────────────────────────────────────────────────────────────

  serve(communityRoutes.adminList, admin, async (request) => {
    const { limit, offset } = request.query;
    const page = await service.adminList(language(request), limit, offset);
    return {
      results: page.communities,
      next: nextPageUrl(communityRoutes.adminList.path, { limit, offset: offset + limit }, page.more),
    };
  });

  serve(communityRoutes.adminCreate, admin, async (request, reply) =>
    reply.status(201).send(await service.createTopic(request.admin, language(request), request.body)),
  );

  serve(communityRoutes.adminUpdate, admin, async (request) =>
    service.updateTopic(request.admin, language(request), request.params.id, request.body),
  );

  serve(communityRoutes.adminDelete, admin, async (request, reply) => {
    await service.deleteTopic(request.admin, request.params.id);
    return reply.status(204).send(null);
  });

  serve(hostRoutes.setHost, admin, async (request) =>
    service.setHost(request.admin, request.params.id, request.body.association_id),
  );

  serve(hostRoutes.removeHost, admin, async (request) =>
    service.removeHost(request.admin, request.params.id),
  );

  serve(communityRoutes.appointModerator, admin, async (request) => {
    await service.appointModerator(request.admin, request.params.id, request.params.userId);
    return { moderator: true };
  });

  serve(communityRoutes.removeModerator, admin, async (request) => {
    await service.removeModerator(request.admin, request.params.id, request.params.userId);
    return { moderator: false };
  });
}
