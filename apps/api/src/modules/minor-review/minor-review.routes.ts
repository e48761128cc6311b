import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ageOn, todayIso } from '@juntos/domain';
import { notFound } from '../../lib/app-error';
import { nextPageUrl } from '../../lib/paging';
import type { RequireAuth } from '../../plugins/authenticate';
import type { MinorReviewRepository } from './minor-review.repository';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const IdParams = z.object({ id });
const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const AgeGroupBody = z.object({
  age_group: z.enum(['minor', 'adult'], { error: 'admin.errors.age_group_required' }),
});

type Audit = (
  admin: { id: number; email: string },
  entry: { action: string; targetType: string; targetId: number; details?: Record<string, unknown> },
) => Promise<unknown>;

/**
 * The review of minors' accounts (docs/decisions/0011): a minor is visible to other minors and
 * can send or receive friend requests only after an administrator has checked the account and
 * the guardian's details. Administrators can also change an account's age group. Audited.
 */
export function registerMinorReviewRoutes(
  app: FastifyInstance,
  deps: { repository: MinorReviewRepository; requireAdmin: RequireAuth; audit: Audit },
) {
  const admin = { preHandler: deps.requireAdmin };

  app.get('/api/admin/minors/', admin, async (request) => {
    const { limit, offset } = PageQuery.parse(request.query);
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
      next: nextPageUrl('/api/admin/minors/', { limit, offset: offset + limit }, rows.length > limit),
    };
  });

  app.post('/api/admin/minors/:id/approve/', admin, async (request) => {
    const memberId = IdParams.parse(request.params).id;
    if (!(await deps.repository.approve(memberId))) throw notFound('errors.profile_not_found');
    await deps.audit(request.admin, { action: 'minor.approve', targetType: 'member', targetId: memberId });
    return { reviewed: true };
  });

  app.put('/api/admin/members/:id/age-group/', admin, async (request) => {
    const memberId = IdParams.parse(request.params).id;
    const { age_group } = AgeGroupBody.parse(request.body);
    if (!(await deps.repository.setAgeGroup(memberId, age_group))) throw notFound('errors.profile_not_found');
    await deps.audit(request.admin, {
      action: 'member.age_group',
      targetType: 'member',
      targetId: memberId,
      details: { age_group },
    });
    return { age_group };
  });
}
