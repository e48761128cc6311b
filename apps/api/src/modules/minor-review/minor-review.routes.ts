import type { FastifyInstance } from 'fastify';
import { adminRoutes as routes, ageOn, todayIso } from '@juntos/domain';
import { notFound } from '../../lib/app-error';
import { nextPageUrl } from '../../lib/paging';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { MinorMedia } from './minor-media';
import type { MinorReviewRepository } from './minor-review.repository';
import type { Audit } from '../../lib/audit';

/**
 * The review of minors' accounts (docs/decisions/0011): a minor is visible to other minors and
 * can send or receive friend requests only after an administrator has checked the account and
 * the guardian's details. Administrators can also change an account's age group. Audited.
 */
export function registerMinorReviewRoutes(
  app: FastifyInstance,
  deps: {
    repository: MinorReviewRepository;
    minorMedia: MinorMedia;
    requireAdmin: RequireAuth;
    audit: Audit;
  },
) {
  const serve = routeServer(app);
  const admin = { preValidation: deps.requireAdmin };

  serve(routes.pendingMinors, admin, async (request) => {
    const { limit, offset } = request.query;
    const rows = await deps.repository.pending(limit + 1, offset);
    const today = todayIso();
    return {
      results: rows.slice(0, limit).map((row) => ({
        id: row.id,
        email: row.email,
        telefono: row.telefono,
        registration_type: row.tipoRegistro,
        guardian: { nombre: row.nombreTutor, relacion: row.relacionTutor },
        nombre: row.nombre,
        apellidos: row.apellidos,
        date_of_birth: row.dateOfBirth,
        edad: row.dateOfBirth ? (ageOn(row.dateOfBirth, today) ?? null) : null,
        country: row.country,
        ciudad: row.ciudad,
        registered_at: row.createdAt.toISOString(),
      })),
      next: nextPageUrl(routes.pendingMinors.path, { limit, offset: offset + limit }, rows.length > limit),
    };
  });

  serve(routes.approveMinor, admin, async (request) => {
    const memberId = request.params.id;
    if (!(await deps.repository.approve(memberId))) throw notFound('errors.profile_not_found');
    await deps.audit(request.admin, { action: 'minor.approve', targetType: 'member', targetId: memberId });
    return { reviewed: true as const };
  });

  serve(routes.setAgeGroup, admin, async (request) => {
    const memberId = request.params.id;
    const { age_group } = request.body;
    if (!(await deps.repository.setAgeGroup(memberId, age_group))) throw notFound('errors.profile_not_found');
    // From now on the member's pictures are served only at signed addresses (issue 32).
    if (age_group === 'minor') await deps.minorMedia.makePrivate(request.log, { userId: memberId });
    await deps.audit(request.admin, {
      action: 'member.age_group',
      targetType: 'member',
      targetId: memberId,
      details: { age_group },
    });
    return { age_group };
  });
}
