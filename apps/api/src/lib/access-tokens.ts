/**
 * Signed access tokens: shared by the auth module (which signs them) and the authentication
 * hook and chat socket (which verify them), so it lives outside any one module.
 */
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** What a valid access token says: whose it is, when it was issued and until when (ms since the epoch). */
export type AccessClaims = { userId: number; issuedAt: number; expiresAt: number };

export type AccessTokens = {
  sign(userId: number): Promise<string>;
  /** The claims of a valid, unexpired access token; undefined otherwise. */
  verify(token: string): Promise<AccessClaims | undefined>;
};

/**
 * The only spelling of a member id a token may carry. `Number()` alone would read "1e0", "01",
 * " 1" or "0x1" as member 1, so one id would have many token spellings.
 */
const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      try {
        // A token without `exp` would be a session that never ends: refused, not defaulted.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !CANONICAL_ID.test(payload.sub))
          return undefined;
        const userId = Number(payload.sub);
        const { exp, iat } = payload;
        if (!Number.isSafeInteger(userId) || typeof exp !== 'number' || typeof iat !== 'number')
          return undefined;
        return { userId, issuedAt: iat * 1000, expiresAt: exp * 1000 };
      } catch {
        return undefined;
      }
    },
  };
}
