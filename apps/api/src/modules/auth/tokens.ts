import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ACTIVATION_CODE_TTL_MS = 10 * 60 * 1000;
export const ACTIVATION_MAX_FAILED_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

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

/** A random opaque token (refresh, reset link): 256 bits, URL-safe. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** Opaque tokens carry 256 bits of entropy, so a plain SHA-256 is a safe way to store them. */
export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const newActivationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * A 6-digit code has only a million values, so it is hashed with the server secret (HMAC):
 * a copy of the database alone does not reveal pending codes.
 */
export const hashActivationCode = (secret: string, userId: number, code: string) =>
  createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
