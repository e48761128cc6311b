import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

/** User present, user verified, attested credential data included (WebAuthn §6.1 flags). */
const FLAGS = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 };

type CeremonyOptions = { challenge: string; rp?: { id?: string }; rpId?: string };

/**
 * A passkey authenticator in software, with a real P-256 key: it answers registration and sign-in
 * ceremonies as a browser would hand them to the server (the JSON of @simplewebauthn/browser), so
 * the server's verification runs for real. `userVerified: false` imitates an authenticator
 * without PIN or biometrics; `origin` the page the ceremony ran on.
 */
export function createSoftwareAuthenticator(origin: string, options: { userVerified?: boolean } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const keys = { privateKey, publicKey, credentialId: randomBytes(32) };
  const authenticator = softwareAuthenticator(origin, options, keys, { counter: 0, userHandle: undefined });
  return {
    ...authenticator,
    /**
     * A copy of this authenticator with its key and its counter as they are now (a cloned
     * authenticator): its next sign-in presents the same counter as this one's next.
     */
    clone: () => softwareAuthenticator(origin, options, keys, authenticator.state()),
  };
}

type Keys = { privateKey: KeyObject; publicKey: KeyObject; credentialId: Buffer };
type State = { counter: number; userHandle: string | undefined };

function softwareAuthenticator(
  origin: string,
  options: { userVerified?: boolean },
  keys: Keys,
  initial: State,
) {
  const { privateKey, publicKey, credentialId } = keys;
  let { counter, userHandle } = initial;

  const flags = (attested: boolean) =>
    FLAGS.userPresent |
    (options.userVerified === false ? 0 : FLAGS.userVerified) |
    (attested ? FLAGS.attested : 0);

  function authenticatorData(rpId: string, attestedCredential?: Uint8Array) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(Buffer.from(rpId)),
      Buffer.from([flags(attestedCredential !== undefined)]),
      count,
      ...(attestedCredential ? [attestedCredential] : []),
    ]);
  }

  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  function coseKey(key: KeyObject) {
    const jwk = key.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
  }

  return {
    credentialId: b64url(credentialId),

    /** The answer to `navigator.credentials.create(options)`. */
    register(ceremony: CeremonyOptions & { user?: { id?: string } }) {
      const rpId = ceremony.rp?.id ?? 'localhost';
      userHandle = ceremony.user?.id;
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, coseKey(publicKey)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authenticatorData(rpId, attested))],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', ceremony.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** The answer to `navigator.credentials.get(options)`. */
    authenticate(ceremony: CeremonyOptions) {
      counter += 1;
      const data = authenticatorData(ceremony.rpId ?? 'localhost');
      const client = clientData('webauthn.get', ceremony.challenge);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    state: (): State => ({ counter, userHandle }),
  };
}
