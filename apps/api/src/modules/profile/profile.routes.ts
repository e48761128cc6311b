import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestLanguage, translate } from '../../i18n/messages';
import { readForm } from '../../lib/multipart-form';
import type { RequireAuth } from '../../plugins/authenticate';
import type { ProfileService } from './profile.service';

const MemberIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The own profile (spec §7 "Profile") and another member's profile as the viewer may see it. */
export function registerProfileRoutes(
  app: FastifyInstance,
  service: ProfileService,
  requireAuth: RequireAuth,
  describeAccount: (userId: number) => Promise<Record<string, unknown>>,
) {
  /** The signed-in account (what login answers as `user`) with its profile. */
  app.get('/api/me', { preHandler: requireAuth }, async (request) => ({
    ...(await describeAccount(request.userId)),
    profile: await service.ownProfile(request.userId),
  }));

  app.get('/api/profile/', { preHandler: requireAuth }, async (request) =>
    service.ownProfile(request.userId),
  );

  app.put('/api/profile/', { preHandler: requireAuth }, async (request) => {
    const form = await readForm(request, 'photo');
    const profile = await service.saveProfile(request.userId, form);
    return { ...profile, detail: translate(requestLanguage(request.headers), 'profile.saved') };
  });

  app.post('/api/profile/intro-seen/', { preHandler: requireAuth }, async (request, reply) => {
    await service.markIntroSeen(request.userId);
    return reply.status(204).send();
  });

  app.get('/api/buscar/perfil/:id/', { preHandler: requireAuth }, async (request) => {
    const { id } = MemberIdParams.parse(request.params);
    return service.profileForViewer(request.userId, id);
  });
}
