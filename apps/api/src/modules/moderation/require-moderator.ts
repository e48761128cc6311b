import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { RequireAuth } from '../../plugins/authenticate';
import { signedInOnly } from '../../plugins/signed-in';
import type { ModerationRepository, ModerationScope } from './moderation.repository';

/** Who moderates: their id and e-mail for the audit log, and what they may act on. */
export type Moderator = { id: number; email: string; scope: ModerationScope };

declare module 'fastify' {
  interface FastifyRequest {
    /** The administrator or community moderator behind the request, set by `requireModerator`. */
    moderator: Moderator;
  }
}

/**
 * The check of the moderation routes community moderators share with administrators (the queue,
 * dismissing, hiding, restoring, pinning), run before their input is validated: 401 without a
 * valid session, 403 for a member who is neither. Both roles are read from the database on every
 * call, so an appointment withdrawn takes effect at once. Which items a community moderator may
 * act on is decided per item, by the service.
 */
export function createRequireModerator(deps: {
  requireAuth: RequireAuth;
  /** The administrators' check of the admin module (a port: moderation does not own roles). */
  adminById: (userId: number) => Promise<{ id: number; email: string } | undefined>;
  repository: Pick<ModerationRepository, 'moderatorById'>;
}) {
  return signedInOnly(async function requireModerator(request: FastifyRequest, reply: FastifyReply) {
    await deps.requireAuth(request, reply);
    const admin = await deps.adminById(request.userId);
    if (admin) {
      request.moderator = { id: admin.id, email: admin.email, scope: { everything: true } };
      return;
    }
    const moderator = await deps.repository.moderatorById(request.userId);
    if (!moderator) throw new AppError(403, 'forbidden', 'admin.errors.forbidden');
    request.moderator = {
      id: request.userId,
      email: moderator.email,
      scope: { everything: false, moderatorId: request.userId, communityIds: moderator.communityIds },
    };
  });
}

export type RequireModerator = ReturnType<typeof createRequireModerator>;
