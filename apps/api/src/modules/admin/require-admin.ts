import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { RequireAuth } from '../../plugins/authenticate';
import { signedInOnly } from '../../plugins/signed-in';
import type { AdminRepository } from './admin.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The administrator behind the request, set by `requireAdmin`. */
    admin: { id: number; email: string };
  }
}

/**
 * The check of /api/admin/ routes, run before their input is validated: 401 without a valid
 * session, 403 for a member who is not an administrator. The role is read from the database on every call, so removing it takes effect
 * at once, not when a token expires.
 */
export function createRequireAdmin(requireAuth: RequireAuth, repository: AdminRepository) {
  return signedInOnly(async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
    await requireAuth(request, reply);
    const admin = await repository.adminById(request.userId);
    if (!admin) throw new AppError(403, 'forbidden', 'admin.errors.forbidden');
    request.admin = { id: admin.id, email: admin.email };
  });
}
