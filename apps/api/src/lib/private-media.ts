import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPrivateMediaKey, type MediaStore } from './media-store';

/** What a request for a private file carries: who it was issued to, until when, and the seal. */
export type MediaGrantQuery = { v?: unknown; exp?: unknown; sig?: unknown };

export type MediaGrantCheck =
  | { status: 'valid'; /** Seconds left, for the response's private cache lifetime. */ maxAge: number }
  | { status: 'missing' | 'invalid' | 'expired' };

/**
 * Signed, short-lived addresses for private files (friends-only gallery pictures). An `<img>`
 * cannot send the bearer token, so the address itself carries the permission: the API hands
 * one out only after its own access check (friendship), and it stops working after
 * `ttlSeconds` at most. Unfriending therefore stops new addresses at once and old ones within
 * the TTL. The seal is an HMAC over key, viewer and expiry with a key derived from the server
 * secret, so changing any of them, or the secret, voids it.
 *
 * Expiry times are rounded to a third of the TTL, so the same picture keeps the same address for
 * a while and the browser's private cache and React's image elements are reused across the
 * frequent refetches of a list; each address still lives more than two thirds of the TTL.
 */
export function createPrivateMedia(deps: {
  mediaStore: Pick<MediaStore, 'publicUrl'>;
  secret: string;
  ttlSeconds: number;
  now?: () => number;
}) {
  const now = deps.now ?? (() => Date.now());
  // A key of its own, so a seal can never be mistaken for any other HMAC made with the secret.
  const sealKey = createHmac('sha256', deps.secret).update('juntos:private-media:v1').digest();
  const step = Math.max(1, Math.floor(deps.ttlSeconds / 3));
  const seal = (key: string, viewerId: number, expires: number) =>
    createHmac('sha256', sealKey).update(`${key}\n${viewerId}\n${expires}`).digest('base64url');

  return {
    ttlSeconds: deps.ttlSeconds,

    /**
     * The address a viewer loads a file from: public files as they are, private ones signed for
     * this viewer. Call it only after deciding the viewer may see the file.
     */
    urlFor(key: string, viewerId: number): string {
      const url = deps.mediaStore.publicUrl(key);
      if (!isPrivateMediaKey(key)) return url;
      const expires = Math.floor((now() / 1000 + deps.ttlSeconds) / step) * step;
      return `${url}?v=${viewerId}&exp=${expires}&sig=${seal(key, viewerId, expires)}`;
    },

    /** Whether a request for a private file carries a valid, unexpired seal. */
    check(key: string, query: MediaGrantQuery): MediaGrantCheck {
      const { v, exp, sig } = query;
      if (v === undefined && exp === undefined && sig === undefined) return { status: 'missing' };
      if (
        typeof v !== 'string' ||
        typeof exp !== 'string' ||
        typeof sig !== 'string' ||
        !/^\d{1,15}$/.test(v) ||
        !/^\d{1,12}$/.test(exp)
      )
        return { status: 'invalid' };
      const expected = Buffer.from(seal(key, Number(v), Number(exp)));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
      const left = Number(exp) - now() / 1000;
      if (left <= 0) return { status: 'expired' };
      return { status: 'valid', maxAge: Math.floor(left) };
    },
  };
}

export type PrivateMedia = ReturnType<typeof createPrivateMedia>;

/**
 * The address a viewer loads a member's picture from (`PrivateMedia.urlFor`): minors' photos and
 * post pictures and every gallery picture are private files, so the address is signed for that
 * viewer; adults' public photos keep their bare, cacheable address. Call it only after deciding
 * the viewer may see the picture.
 */
export type MemberMediaUrl = (key: string, viewerId: number) => string;
