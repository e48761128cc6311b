import { z } from 'zod';
import { SUPPORTED_LANGUAGES, DEFAULT_SIGNUP_LANGUAGE } from './languages';

/**
 * Sign-up, activation and password rules of spec §5, shared by the sign-up screens and the
 * server. Every message is a translation key: the client shows it through i18next, the server
 * translates it for the `error`/`fields` of its answer.
 */

export const REGISTRATION_TYPES = ['adulto', 'menor'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

export const GUARDIAN_RELATIONS = ['padre', 'madre', 'tutor'] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const GUARDIAN_NAME_MAX_LENGTH = 120;

/** Version of the operating policy and health-data consent accepted at sign-up (consent records). */
export const CONSENT_POLICY_VERSION = '2026-11-21';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ADULT_PHONE_PATTERN = /^\+\d{6,15}$/;
const MINOR_PHONE_PATTERN = /^\+\d{7,15}$/;
export const ACTIVATION_CODE_PATTERN = /^\d{6}$/;

/**
 * Whether an address belongs to a disposable e-mail provider. The list (a package of ~120,000
 * domains, 600 KB compressed) lives on the server only: the sign-up screens check everything else
 * locally with these same schemas and show the server's answer for this one rule.
 */
export type DisposableEmailCheck = (email: string) => boolean;
export const noDisposableCheck: DisposableEmailCheck = () => false;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** Keeps digits only, at most 6 (spec §5: non-digits stripped, max length 6). */
export function sanitizeActivationCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}

const passwordField = z
  .string({ error: 'password.required' })
  .min(1, 'password.required')
  .min(PASSWORD_MIN_LENGTH, 'password.too_short')
  .max(PASSWORD_MAX_LENGTH, 'password.too_long');

const languageField = z
  .enum(SUPPORTED_LANGUAGES)
  .catch(DEFAULT_SIGNUP_LANGUAGE)
  .default(DEFAULT_SIGNUP_LANGUAGE);

// ─── Adult sign-up (spec §5: any failure is signup_adult.invalid_fields) ───────────────────────

export const createAdultSignupFormSchema = (isDisposableEmail: DisposableEmailCheck = noDisposableCheck) =>
  z
    .object({
      email: z.string(),
      password: z.string(),
      confirmPassword: z.string(),
      telefono: z.string(),
      confirmation: z.boolean(),
    })
    .superRefine((form, context) => {
      const fail = (path: string, message = 'signup_adult.invalid_fields') =>
        context.addIssue({ code: 'custom', path: [path], message });
      if (!isValidEmail(form.email.trim())) fail('email');
      else if (isDisposableEmail(form.email)) fail('email', 'signup_adult.temp_email');
      if (form.password.length === 0) fail('password');
      else if (form.password.length < PASSWORD_MIN_LENGTH) fail('password', 'password.too_short');
      else if (form.password.length > PASSWORD_MAX_LENGTH) fail('password', 'password.too_long');
      if (form.password !== form.confirmPassword) fail('confirmPassword', 'signup_adult.password_mismatch');
      if (!ADULT_PHONE_PATTERN.test(form.telefono.trim())) fail('telefono', 'signup_adult.invalid_phone');
      if (!form.confirmation) fail('confirmation', 'signup_adult.confirmation_required');
    });

export type AdultSignupForm = z.infer<ReturnType<typeof createAdultSignupFormSchema>>;

// ─── Minor sign-up: checked in the spec's order, first failure only ────────────────────────────

export const createMinorSignupFormSchema = (isDisposableEmail: DisposableEmailCheck = noDisposableCheck) =>
  z
    .object({
      email: z.string(),
      password: z.string(),
      confirmPassword: z.string(),
      telefono: z.string(),
      nombre_tutor: z.string(),
      relacion_tutor: z.string(),
      legalConfirmation: z.boolean(),
      responsibilityConfirmation: z.boolean(),
    })
    .superRefine((form, context) => {
      const fail = (path: string, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      const required = [
        'email',
        'password',
        'confirmPassword',
        'telefono',
        'nombre_tutor',
        'relacion_tutor',
      ] as const;
      const missing = required.find((field) => form[field].trim() === '');
      if (missing) return fail(missing, 'signup_minor.required_fields');
      if (!isValidEmail(form.email.trim())) return fail('email', 'signup_minor.invalid_email');
      if (isDisposableEmail(form.email)) return fail('email', 'signup_minor.temp_email');
      if (form.password !== form.confirmPassword)
        return fail('confirmPassword', 'signup_minor.password_mismatch');
      if (form.password.length < PASSWORD_MIN_LENGTH) return fail('password', 'password.too_short');
      if (form.password.length > PASSWORD_MAX_LENGTH) return fail('password', 'password.too_long');
      if (!MINOR_PHONE_PATTERN.test(form.telefono.trim()))
        return fail('telefono', 'signup_minor.invalid_phone');
      if (!(GUARDIAN_RELATIONS as readonly string[]).includes(form.relacion_tutor))
        return fail('relacion_tutor', 'signup_minor.invalid_relation');
      if (form.nombre_tutor.trim().length > GUARDIAN_NAME_MAX_LENGTH)
        return fail('nombre_tutor', 'signup_minor.guardian_name_too_long');
      if (!form.legalConfirmation || !form.responsibilityConfirmation)
        return fail(
          form.legalConfirmation ? 'responsibilityConfirmation' : 'legalConfirmation',
          'signup_minor.legal_required',
        );
    });

export type MinorSignupForm = z.infer<ReturnType<typeof createMinorSignupFormSchema>>;

// ─── What the API receives (spec §3 registration payloads) ─────────────────────────────────────

const registrationBase = {
  email: z.string({ error: 'signup.email_invalid' }).max(EMAIL_MAX_LENGTH, 'signup.email_invalid'),
  password: passwordField,
  telefono: z.string({ error: 'signup.phone_invalid' }).max(32, 'signup.phone_invalid'),
  language: languageField,
};

/** The e-mail and phone rules of both registration payloads, with each form's message keys. */
const checkContact =
  (
    isDisposableEmail: DisposableEmailCheck,
    phonePattern: RegExp,
    messages: { email: string; disposable: string; phone: string },
  ) =>
  (body: { email: string; telefono: string }, context: z.RefinementCtx) => {
    if (!isValidEmail(normalizeEmail(body.email)))
      context.addIssue({ code: 'custom', path: ['email'], message: messages.email });
    else if (isDisposableEmail(body.email))
      context.addIssue({ code: 'custom', path: ['email'], message: messages.disposable });
    if (!phonePattern.test(body.telefono.trim()))
      context.addIssue({ code: 'custom', path: ['telefono'], message: messages.phone });
  };

const createAdultRegistrationSchema = (isDisposableEmail: DisposableEmailCheck) =>
  z
    .object({
      ...registrationBase,
      tipo_registro: z.literal('adulto'),
      acepta_mayoria_edad: z.literal(true, { error: 'signup_adult.confirmation_required' }),
      acepta_politica_funcionamiento: z.literal(true, { error: 'signup_adult.confirmation_required' }),
      acepta_responsabilidad_menor: z.boolean().optional(),
    })
    .superRefine(
      checkContact(isDisposableEmail, ADULT_PHONE_PATTERN, {
        email: 'signup_adult.invalid_fields',
        disposable: 'signup_adult.temp_email',
        phone: 'signup_adult.invalid_phone',
      }),
    );

const createMinorRegistrationSchema = (isDisposableEmail: DisposableEmailCheck) =>
  z
    .object({
      ...registrationBase,
      tipo_registro: z.literal('menor'),
      nombre_tutor: z
        .string({ error: 'signup_minor.required_fields' })
        .trim()
        .min(1, 'signup_minor.required_fields')
        .max(GUARDIAN_NAME_MAX_LENGTH, 'signup_minor.guardian_name_too_long'),
      relacion_tutor: z.enum(GUARDIAN_RELATIONS, { error: 'signup_minor.invalid_relation' }),
      acepta_mayoria_edad: z.literal(true, { error: 'signup_minor.legal_required' }),
      acepta_politica_funcionamiento: z.literal(true, { error: 'signup_minor.legal_required' }),
      acepta_responsabilidad_menor: z.literal(true, { error: 'signup_minor.legal_required' }),
    })
    .superRefine(
      checkContact(isDisposableEmail, MINOR_PHONE_PATTERN, {
        email: 'signup_minor.invalid_email',
        disposable: 'signup_minor.temp_email',
        phone: 'signup_minor.invalid_phone',
      }),
    );

/** The body of POST /register/: `tipo_registro` selects the adult or the minor payload. */
export const createRegistrationSchema = (isDisposableEmail: DisposableEmailCheck) =>
  z.discriminatedUnion(
    'tipo_registro',
    [createAdultRegistrationSchema(isDisposableEmail), createMinorRegistrationSchema(isDisposableEmail)],
    { error: 'signup.type_invalid' },
  );
export type Registration = z.infer<ReturnType<typeof createRegistrationSchema>>;

/** A required string whose every failure (missing, empty, too long) is the one message `key`. */
const requiredText = (key: string, max: number, min = 1) =>
  z.string({ error: key }).min(min, key).max(max, key);
const requiredEmail = (key: string) => z.string({ error: key }).trim().min(1, key).max(EMAIL_MAX_LENGTH, key);

export const LoginSchema = z.object({
  email: z
    .string({ error: 'login.email_required' })
    .trim()
    .min(1, 'login.email_required')
    .max(EMAIL_MAX_LENGTH, 'login.error'),
  password: z
    .string({ error: 'login.password_required' })
    .min(1, 'login.password_required')
    .max(1024, 'login.error'),
});

export const ActivationSchema = z.object({
  email: requiredEmail('activate.email_required'),
  code: z.string({ error: 'activate.invalid_code' }).regex(ACTIVATION_CODE_PATTERN, 'activate.invalid_code'),
});

export const EmailOnlySchema = z.object({
  email: requiredEmail('reset.email_required'),
  language: languageField,
});

export const ResetConfirmSchema = z.object({
  token: requiredText('reset_confirm.invalid_token', 200, 10),
  new_password: passwordField,
});

/**
 * Changing the password ends the member's other sessions; `remove_passkeys` (default true) also
 * removes their passkeys, which someone who briefly had the session and the password may have
 * added (decision 0031).
 */
export const ChangePasswordSchema = z.object({
  current_password: requiredText('change_password.required', 1024),
  new_password: passwordField,
  remove_passkeys: z.boolean({ error: 'change_password.remove_passkeys_invalid' }).default(true),
});
export type ChangePassword = z.input<typeof ChangePasswordSchema>;

/** Account deletion asks for the current password again (a session left open is not enough). */
export const DeleteAccountSchema = z.object({
  password: requiredText('profile.delete_dialog.password_required', 1024),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;
/** The deletion dialog: the password, and the box "I understand…" that unlocks its button. */
export const DeleteAccountFormSchema = DeleteAccountSchema.extend({ understood: z.boolean() });

export const RefreshSchema = z.object({
  refresh: requiredText('auth.refresh_invalid', 200, 10),
});

export const AccountUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  tipo_registro: z.enum(REGISTRATION_TYPES),
  language: z.string(),
});
export type AccountUser = z.output<typeof AccountUserSchema>;

/** Login answer (spec §3): tokens only when the account is active. */
export const LoginResponseSchema = z.object({
  access: z.string().optional(),
  refresh: z.string().optional(),
  user: AccountUserSchema.optional(),
  is_active: z.boolean(),
  profile_complete: z.boolean(),
  activation_required: z.boolean(),
});
export type LoginResponse = z.output<typeof LoginResponseSchema>;

export const TokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.output<typeof TokenPairSchema>;

/** The signed-in account as `/api/me` and activation describe it. */
export const AccountSchema = AccountUserSchema.extend({
  is_active: z.boolean(),
  profile_complete: z.boolean(),
  profile_intro_seen: z.boolean(),
  /** Only decides whether the web app offers the /admin area; every admin call checks again. */
  is_admin: z.boolean(),
});
export type Account = z.output<typeof AccountSchema>;

/** POST /api/activate/: the session of the account just activated. */
export const ActivationResponseSchema = TokenPairSchema.extend({
  user: AccountSchema,
  profile_complete: z.boolean(),
});
export type ActivationResponse = z.output<typeof ActivationResponseSchema>;

/** POST /api/register/: what to tell the member, and where the code went. */
export const RegisteredSchema = z.object({ detail: z.string(), email: z.string() });
export type Registered = z.output<typeof RegisteredSchema>;
