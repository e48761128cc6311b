import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AccessClaims, AccessTokens } from '../lib/access-tokens';
import { signedInOnly } from './signed-in';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set by `requireAuth`. */
    userId: number;
    /** The session (refresh-token family) of the request's access token, set by `requireAuth`. */
    sessionId: string;
  }
}

/**
 * The member behind an access token and when the token expires (a socket closes then unless
 * renewed), or undefined when the session may not be used.
 */
export type VerifySession = (token: string) => Promise<AccessClaims | undefined>;

/**
 * An access token lives 15 minutes, so its signature alone would let a suspended or deleted
 * account, a logged-out session or one ended by a password change go on for that long: every use
 * also checks (one indexed lookup) that the account exists, is not suspended and that the token's
 * session is still open (decision 0031).
 */
export function createSessionVerifier(
  accessTokens: AccessTokens,
  sessionUsable: (userId: number, sessionId: string) => Promise<boolean>,
): VerifySession {
  return async (token) => {
    const claims = await accessTokens.verify(token);
    return claims && (await sessionUsable(claims.userId, claims.sessionId)) ? claims : undefined;
  };
}

/**
 * A preHandler for member-only routes: a valid bearer access token or 401. Answers to signed-in
 * requests are personal, so they are never stored by a browser or proxy cache.
 */
export function createRequireAuth(verifySession: VerifySession) {
  return signedInOnly(async function requireAuth(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    const session = token ? await verifySession(token) : undefined;
    if (!session) throw new AppError(401, 'unauthorized', 'errors.unauthorized');
    request.userId = session.userId;
    request.sessionId = session.sessionId;
    void reply.header('cache-control', 'no-store');
  });
}

export type RequireAuth = ReturnType<typeof createRequireAuth>;
