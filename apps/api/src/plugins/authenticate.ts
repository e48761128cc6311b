import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AccessTokens } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set by `requireAuth`. */
    userId: number;
  }
}

/**
 * A preHandler for member-only routes: a valid bearer access token or 401. Answers to signed-in
 * requests are personal, so they are never stored by a browser or proxy cache.
 */
export function createRequireAuth(accessTokens: AccessTokens) {
  return async function requireAuth(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    const userId = token ? await accessTokens.verify(token) : undefined;
    if (!userId) throw new AppError(401, 'unauthorized', 'errors.unauthorized');
    request.userId = userId;
    void reply.header('cache-control', 'no-store');
  };
}

export type RequireAuth = ReturnType<typeof createRequireAuth>;
