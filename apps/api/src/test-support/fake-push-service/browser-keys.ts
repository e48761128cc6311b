import { createECDH, randomBytes, type ECDH } from 'node:crypto';
// web-push's own encryption library (RFC 8188), here to read what the fake push service received.
import ece from 'http_ece';
import type { ReceivedPush } from './index';

/** A browser's side of a push subscription: its key pair and auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** The text a browser holding these keys reads from a push the fake service received. */
export function decryptPush(received: ReceivedPush, browser: { ecdh: ECDH; auth: Buffer }) {
  return ece
    .decrypt(received.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth })
    .toString('utf8');
}
