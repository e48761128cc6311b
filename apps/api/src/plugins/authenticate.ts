import type { FastifyReply, FastifyRequest } from 'fastify';
import { supporterMay, type SupporterPermission, type SupporterScope } from '@juntos/domain';
import { AppError } from '../lib/app-error';
import type { AccessClaims, AccessTokens } from '../lib/access-tokens';
import { signedInOnly } from './signed-in';

/** A supporter acting for the request's member (decision 0047), with what their grant allows now. */
export type ActingSupporter = { id: number; permissions: readonly SupporterPermission[] };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member (the member a supporter acts for), set by `requireAuth`. */
    userId: number;
    /** The session (refresh-token family) of the request's access token, set by `requireAuth`. */
    sessionId: string;
    /** Set by `requireAuth` when a supporter acts for `userId`; undefined for the member themself. */
    supporter: ActingSupporter | undefined;
  }
  interface FastifyContextConfig {
    /** From the route's definition (`serveRoute`): what an acting supporter needs to call it. */
    supporterScope?: SupporterScope;
  }
}

/** A usable session: the token's claims, and for an acting token the grant's permissions now. */
export type VerifiedSession = AccessClaims & { supporterPermissions?: readonly SupporterPermission[] };

/**
 * The member behind an access token and when the token expires (a socket closes then unless
 * renewed), or undefined when the session may not be used. `verified`: the claims of this very
 * token, when the caller has already checked its signature (a new socket, which reads the member
 * first to count its connections), so it is not checked twice.
 */
export type VerifySession = (token: string, verified?: AccessClaims) => Promise<VerifiedSession | undefined>;

/** The permissions of a supporter's active grant for a member, read with the supporter's session. */
export type ActingGrant = (
  memberId: number,
  supporterId: number,
  sessionId: string,
) => Promise<readonly SupporterPermission[] | undefined>;

/**
 * An access token lives 15 minutes, so its signature alone would let a suspended or deleted
 * account, a logged-out session or one ended by a password change go on for that long: every use
 * also checks (one indexed lookup) that the account exists, is not suspended and that the token's
 * session is still open (decision 0031).
 */
export function createSessionVerifier(
  accessTokens: AccessTokens,
  sessionUsable: (userId: number, sessionId: string) => Promise<boolean>,
  actingGrant: ActingGrant,
): VerifySession {
  return async (token, verified) => {
    const claims = verified ?? (await accessTokens.verify(token));
    if (!claims) return undefined;
    // An acting token lives as long as the grant, the supporter's own session and both
    // accounts: one statement checks all of them, so ending any of them ends it at once.
    if (claims.supporterId !== undefined) {
      const permissions = await actingGrant(claims.userId, claims.supporterId, claims.sessionId);
      return permissions ? { ...claims, supporterPermissions: permissions } : undefined;
    }
    return (await sessionUsable(claims.userId, claims.sessionId)) ? claims : undefined;
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
    void reply.header('cache-control', 'no-store');
    request.userId = session.userId;
    request.sessionId = session.sessionId;
    request.supporter =
      session.supporterId === undefined
        ? undefined
        : { id: session.supporterId, permissions: session.supporterPermissions ?? [] };
    // Deny by default: a route opens to a supporter only by the scope its definition declares.
    if (
      request.supporter &&
      !supporterMay(request.supporter.permissions, request.routeOptions.config.supporterScope)
    )
      throw new AppError(403, 'supporter_not_allowed', 'supporters.errors.not_allowed');
  });
}

export type RequireAuth = ReturnType<typeof createRequireAuth>;
