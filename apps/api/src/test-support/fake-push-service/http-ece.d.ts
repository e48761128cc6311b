// `http_ece` (RFC 8188 content encoding, a dependency of `web-push`) ships no types; the push
// tests use its decrypt to read what the fake push service received.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
  };
  export default ece;
}
