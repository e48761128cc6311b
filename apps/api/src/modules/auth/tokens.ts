import { createHmac, randomInt } from 'node:crypto';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long a refresh token that was just rotated may be used again (decision 0031). A page left
 * while its renewal was on the way never stores the new token, and the next page sends the old
 * one; two requests of one page may race. Both are the member, not a thief, and ending the
 * session then signed people out on slow phones. Later reuse is theft: the session ends.
 */
export const REFRESH_REUSE_GRACE_MS = 30 * 1000;
export const ACTIVATION_CODE_TTL_MS = 10 * 60 * 1000;
/**
 * Wrong codes after which a code is spent and a new one must be asked for. Wrong codes make the
 * guessing address and the account wait long before this (auth.service.ts), so strangers cannot
 * spend someone else's code: the ceiling matters only where those counts are lost (a restart, or
 * instances counting apart without Redis).
 */
export const ACTIVATION_MAX_FAILED_ATTEMPTS = 20;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export { hashOpaqueToken, newOpaqueToken } from '../../lib/opaque-token';

export const newActivationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * A 6-digit code has only a million values, so it is hashed with the server secret (HMAC):
 * a copy of the database alone does not reveal pending codes.
 */
export const hashActivationCode = (secret: string, userId: number, code: string) =>
  createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
