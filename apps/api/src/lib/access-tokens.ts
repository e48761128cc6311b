/**
 * Signed access tokens: shared by the auth module (which signs them) and the authentication
 * hook and chat socket (which verify them), so it lives outside any one module.
 */
import { createSigner, createVerifier } from 'fast-jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * What a valid access token says: whose it is, the session it belongs to (the refresh-token
 * family opened by the sign-in), when it was issued and until when (ms since the epoch). An acting
 * token (decision 0047) is a supporter's, for the member it names: `supporterId` is the
 * supporter (its `act` claim, as in RFC 8693) and the session is the supporter's own.
 */
export type AccessClaims = {
  userId: number;
  sessionId: string;
  issuedAt: number;
  expiresAt: number;
  supporterId?: number;
};

export type AccessTokens = {
  /** A member's token, or with `supporterId` a supporter's acting token for the member. */
  sign(userId: number, sessionId: string, supporterId?: number): Promise<string>;
  /** The claims of a valid, unexpired access token; undefined otherwise. */
  verify(token: string): Promise<AccessClaims | undefined>;
};

/**
 * The only spelling of a member id a token may carry. `Number()` alone would read "1e0", "01",
 * " 1" or "0x1" as member 1, so one id would have many token spellings.
 */
const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;
/**
 * A session id is the uuid of a refresh-token family. Checked before it reaches the database,
 * where a malformed uuid would be an error rather than a refusal.
 */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Verified tokens kept in memory, the least recently used dropped first: about 1 KiB each, so
 * 10,000 members active within 15 minutes on one instance cost about 10 MiB.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string): AccessTokens {
  // fast-jwt signs and checks HS256 with node:crypto, synchronously: jose goes through WebCrypto,
  // whose HMAC runs on the thread pool, and at a connection storm that hop cost more than the
  // check itself (issue 36, decision 0050).
  const signToken = createSigner({
    key: secret,
    algorithm: 'HS256',
    expiresIn: ACCESS_TOKEN_TTL_SECONDS * 1000,
  });
  // A token without `exp` would be a session that never ends, and one without `sid` a session
  // that no logout could end: both refused, not defaulted.
  const verifyToken = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    // A member's token comes back with every request of its 15 minutes: its signature is checked
    // once, then found here until its `exp` (the library bounds each entry by it; failures are
    // never kept). Keyed by the token itself rather than the default hash of it, which costs about
    // what the HMAC does: whoever could read this process's memory could read the secret too.
    // Whether the session may still be used is looked up on every request regardless.
    cache: VERIFIED_TOKENS_KEPT,
    cacheKeyBuilder: (token: string) => token,
  });
  return {
    sign: async (userId, sessionId, supporterId) =>
      signToken({
        typ: 'access',
        sid: sessionId,
        sub: String(userId),
        ...(supporterId !== undefined && { act: { sub: String(supporterId) } }),
      }),
    async verify(token) {
      try {
        // Untrusted input until checked, whatever the library's type says.
        const payload = verifyToken(token) as Record<string, unknown>;
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !CANONICAL_ID.test(payload.sub))
          return undefined;
        const sessionId = payload.sid;
        if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return undefined;
        const userId = Number(payload.sub);
        const { exp, iat } = payload;
        if (!Number.isSafeInteger(userId) || typeof exp !== 'number' || typeof iat !== 'number')
          return undefined;
        const claims: AccessClaims = { userId, sessionId, issuedAt: iat * 1000, expiresAt: exp * 1000 };
        const act: unknown = payload.act;
        if (act === undefined) return claims;
        // An actor must be one well-formed member other than the subject, or the token is refused.
        const actor =
          typeof act === 'object' && act !== null ? (act as Record<string, unknown>).sub : undefined;
        if (typeof actor !== 'string' || !CANONICAL_ID.test(actor)) return undefined;
        const supporterId = Number(actor);
        if (!Number.isSafeInteger(supporterId) || supporterId === userId) return undefined;
        return { ...claims, supporterId };
      } catch {
        return undefined;
      }
    },
  };
}
