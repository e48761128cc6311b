import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token (refresh, reset link, invitation link): 256 bits, URL-safe. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** Opaque tokens carry 256 bits of entropy, so a plain SHA-256 is a safe way to store them. */
export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');
