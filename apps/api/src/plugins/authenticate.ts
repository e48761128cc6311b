import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AccessClaims, AccessTokens } from '../lib/access-tokens';
import { signedInOnly } from './signed-in';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set by `requireAuth`. */
    userId: number;
  }
}

/**
 * The member behind an access token and when the token expires (a socket closes then unless
 * renewed), or undefined when the session may not be used.
 */
export type VerifySession = (token: string) => Promise<AccessClaims | undefined>;

/**
 * An access token lives 15 minutes, so its signature alone would let a suspended or deleted
 * account go on for that long, and a token stolen before a password change would outlive it:
 * every use also checks (one primary-key lookup) that the account exists, is not suspended and
 * has not changed its password since the token was issued.
 */
export function createSessionVerifier(
  accessTokens: AccessTokens,
  accountUsable: (userId: number, tokenIssuedAt: number) => Promise<boolean>,
): VerifySession {
  return async (token) => {
    const claims = await accessTokens.verify(token);
    return claims && (await accountUsable(claims.userId, claims.issuedAt)) ? claims : undefined;
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
    void reply.header('cache-control', 'no-store');
  });
}

export type RequireAuth = ReturnType<typeof createRequireAuth>;
