import { createHmac, randomUUID } from 'node:crypto';
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  PASSKEYS_MAX_PER_MEMBER,
  PASSKEY_CEREMONY_TIMEOUT_MS,
  type LoginResponse,
  type Passkey,
  type PasskeyCeremony,
  type PasskeyRegistration,
  type PasskeySignIn,
} from '@juntos/domain';
import { AppError } from '../../lib/app-error';
import { deviceLabel } from '../../lib/device-label';
import { loadOnce } from '../../lib/load-once';
import { clientKey, type RateLimits } from '../../lib/rate-limiter';
import { SIGN_IN_FAILURES_PER_IP } from '../auth';
import type { CeremonyPurpose, PasskeyRow, PasskeysRepository } from './passkeys.repository';

/**
 * The WebAuthn library is loaded with the first passkey ceremony, not at start-up: most requests
 * never touch a passkey, and it is one of the slowest modules to load (issue 36).
 */
const webAuthn = loadOnce<typeof SimpleWebAuthn>(() => import('@simplewebauthn/server'));

const MINUTE = 60_000;

/**
 * Who the passkeys belong to: the site's domain, and the page addresses a ceremony may come from.
 * Without a configured public address (the embedded defaults), any port of localhost counts:
 * browsers allow WebAuthn there without HTTPS, and tests run on a port chosen at start.
 */
export type RelyingParty = {
  name: string;
  id: string;
  origins: readonly string[];
  anyLocalhostPort: boolean;
};

export type PasskeysServiceDependencies = {
  repository: PasskeysRepository;
  auth: {
    confirmPassword: (userId: number, password: string, field: string) => Promise<{ email: string }>;
    signInVerified: (userId: number, userAgent?: string) => Promise<LoginResponse>;
    /** Tells the member by e-mail that a passkey was added (someone with their session might have). */
    passkeyAdded: (userId: number, label: string) => Promise<void>;
  };
  relyingParty: RelyingParty;
  /** Derives the opaque WebAuthn user handle, so the member's id is not written on the authenticator. */
  secret: string;
  rateLimits: RateLimits;
  now?: () => Date;
};

const failed = () =>
  new AppError(400, 'passkey_failed', 'errors.passkey_failed', {
    fields: { credential: 'errors.passkey_failed' },
  });
const expired = () =>
  new AppError(400, 'passkey_expired', 'errors.passkey_expired', {
    fields: { credential: 'errors.passkey_expired' },
  });
/** The same answer for a passkey the site does not know and one that does not verify. */
const notRecognised = () =>
  new AppError(401, 'passkey_not_recognised', 'errors.passkey_not_recognised', { withDetail: true });

export const presentPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  label: row.label,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

const transportsOf = (row: PasskeyRow) =>
  row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : undefined;

/** The page address the browser wrote into the signed client data (verified by the library after). */
function clientOrigin(credential: { response: Record<string, unknown> }): string | undefined {
  const encoded = credential.response.clientDataJSON;
  if (typeof encoded !== 'string') return undefined;
  try {
    const data = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { origin?: unknown };
    return typeof data.origin === 'string' ? data.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Adding, listing and removing passkeys, and signing in with one (issue 21, WebAuthn). */
export function createPasskeysService(deps: PasskeysServiceDependencies) {
  const now = deps.now ?? (() => new Date());
  const { relyingParty } = deps;
  const optionsPerIp = deps.rateLimits.fixedWindow('passkey-options-ip', {
    points: 60,
    windowMs: 15 * MINUTE,
  });
  const signInFailuresPerIp = deps.rateLimits.failures('passkey-login-ip', SIGN_IN_FAILURES_PER_IP);

  const userHandle = (userId: number) =>
    new Uint8Array(createHmac('sha256', deps.secret).update(`webauthn-user:${userId}`).digest());

  /** The origin to verify against, when the page the ceremony ran on belongs to this site. */
  function expectedOrigin(credential: { response: Record<string, unknown> }) {
    const origin = clientOrigin(credential);
    if (!origin) return undefined;
    if (relyingParty.origins.includes(origin)) return origin;
    if (relyingParty.anyLocalhostPort && /^https?:\/\/localhost(:\d{1,5})?$/.test(origin)) return origin;
    return undefined;
  }

  async function begin(purpose: CeremonyPurpose, challenge: string, userId: number | null) {
    const id = randomUUID();
    await deps.repository.saveChallenge({
      id,
      challenge,
      purpose,
      userId,
      expiresAt: new Date(now().getTime() + PASSKEY_CEREMONY_TIMEOUT_MS),
    });
    return id;
  }

  async function take(id: string, purpose: CeremonyPurpose, userId: number | null) {
    const stored = await deps.repository.takeChallenge(id, purpose);
    if (!stored || stored.userId !== userId) throw failed();
    if (stored.expiresAt.getTime() <= now().getTime()) throw expired();
    return stored.challenge;
  }

  return {
    async list(userId: number) {
      const rows = await deps.repository.list(userId, PASSKEYS_MAX_PER_MEMBER);
      return { results: rows.map(presentPasskey) };
    },

    /** The options for `navigator.credentials.create`, once the password was given again. */
    async registrationOptions(userId: number, password: string): Promise<PasskeyCeremony> {
      const user = await deps.auth.confirmPassword(userId, password, 'password');
      const existing = await deps.repository.list(userId, PASSKEYS_MAX_PER_MEMBER);
      if (existing.length >= PASSKEYS_MAX_PER_MEMBER)
        throw new AppError(400, 'too_many_passkeys', 'errors.too_many_passkeys', {
          values: { max: PASSKEYS_MAX_PER_MEMBER },
          fields: { password: 'errors.too_many_passkeys' },
        });
      const { generateRegistrationOptions } = await webAuthn();
      const options = await generateRegistrationOptions({
        rpName: relyingParty.name,
        rpID: relyingParty.id,
        userName: user.email,
        userID: userHandle(userId),
        timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        // The authenticator refuses to make a second passkey for the same account.
        excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
        // A discoverable credential lets the member sign in without typing the address either.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return {
        challenge_id: await begin('registration', options.challenge, userId),
        options: { ...options },
      };
    },

    async register(userId: number, input: PasskeyRegistration, userAgent?: string): Promise<Passkey> {
      const challenge = await take(input.challenge_id, 'registration', userId);
      const origin = expectedOrigin(input.credential);
      if (!origin) throw failed();
      const { verifyRegistrationResponse } = await webAuthn();
      const verification = await verifyRegistrationResponse({
        response: input.credential as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: relyingParty.id,
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verification?.verified) throw failed();
      // Counted again here: two ceremonies begun side by side must not pass the limit together.
      if ((await deps.repository.count(userId)) >= PASSKEYS_MAX_PER_MEMBER)
        throw new AppError(400, 'too_many_passkeys', 'errors.too_many_passkeys', {
          values: { max: PASSKEYS_MAX_PER_MEMBER },
        });
      const { credential } = verification.registrationInfo;
      const row = await deps.repository.create({
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        label: input.label || deviceLabel(userAgent),
      });
      if (!row)
        throw new AppError(409, 'passkey_exists', 'errors.passkey_exists', {
          fields: { credential: 'errors.passkey_exists' },
        });
      await deps.auth.passkeyAdded(userId, row.label);
      return presentPasskey(row);
    },

    async remove(userId: number, id: number) {
      if (!(await deps.repository.remove(userId, id)))
        throw new AppError(404, 'not_found', 'errors.not_found');
    },

    /** The options for `navigator.credentials.get`: any passkey of this site may answer. */
    async signInOptions(ip: string): Promise<PasskeyCeremony> {
      await optionsPerIp.hit(clientKey(ip));
      const { generateAuthenticationOptions } = await webAuthn();
      const options = await generateAuthenticationOptions({
        rpID: relyingParty.id,
        timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
        userVerification: 'required',
      });
      return {
        challenge_id: await begin('authentication', options.challenge, null),
        options: { ...options },
      };
    },

    async signIn(input: PasskeySignIn, ip: string, userAgent?: string): Promise<LoginResponse> {
      const client = clientKey(ip);
      await signInFailuresPerIp.begin(client);
      const refuse = async () => {
        await signInFailuresPerIp.failed(client);
        return notRecognised();
      };
      const challenge = await take(input.challenge_id, 'authentication', null);
      const passkey = await deps.repository.findByCredentialId(input.credential.id);
      const origin = expectedOrigin(input.credential);
      if (!passkey || !origin) throw await refuse();
      const { verifyAuthenticationResponse } = await webAuthn();
      const verification = await verifyAuthenticationResponse({
        response: input.credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: relyingParty.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: transportsOf(passkey),
        },
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verification?.verified) throw await refuse();
      // The counter was checked above against the value read before; only the conditional
      // update decides between two sign-ins that presented the same one.
      if (!(await deps.repository.recordUse(passkey.id, verification.authenticationInfo.newCounter)))
        throw await refuse();
      await signInFailuresPerIp.succeeded(client);
      return deps.auth.signInVerified(passkey.userId, userAgent);
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
