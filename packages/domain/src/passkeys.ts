import { z } from 'zod';

/** How many passkeys one account may hold: a phone, a computer, a security key or two, and spares. */
export const PASSKEYS_MAX_PER_MEMBER = 10;
export const PASSKEY_LABEL_MAX_LENGTH = 60;
/** How long a registration or sign-in ceremony may take, from the options to the answer. */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 5 * 60_000;

/**
 * The browser's answer to `navigator.credentials.create/get`, as @simplewebauthn/browser encodes
 * it (base64url strings). Only its outline is checked here; the signature, challenge, origin and
 * relying party are verified by @simplewebauthn/server.
 */
const CredentialJsonSchema = z.looseObject(
  {
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
  },
  { error: 'passkeys.failed' },
);

const challengeId = z
  .string({ error: 'passkeys.failed' })
  .min(1, 'passkeys.failed')
  .max(100, 'passkeys.failed');

/** Starting to add a passkey asks for the password again (a session left open is not enough). */
export const PasskeyRegistrationStartSchema = z.object({
  password: z.string({ error: 'passkeys.password_required' }).min(1, 'passkeys.password_required').max(1024),
});

export const PasskeyRegistrationSchema = z.object({
  challenge_id: challengeId,
  /** The member's name for it; left empty, the server names it after the browser ("Chrome · Android"). */
  label: z.string().trim().max(PASSKEY_LABEL_MAX_LENGTH, 'passkeys.label_too_long').default(''),
  credential: CredentialJsonSchema,
});
export type PasskeyRegistration = z.infer<typeof PasskeyRegistrationSchema>;

export const PasskeySignInSchema = z.object({
  challenge_id: challengeId,
  credential: CredentialJsonSchema,
});
export type PasskeySignIn = z.infer<typeof PasskeySignInSchema>;

/** The options handed to the browser, with the id of the one-time challenge they carry. */
export const PasskeyCeremonySchema = z.object({
  challenge_id: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyCeremony = z.infer<typeof PasskeyCeremonySchema>;

export const PasskeySchema = z.object({
  id: z.number(),
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ results: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;
