import { z } from 'zod';
import { MIN_WITHDRAWAL_TOKENS } from './constants';

/**
 * The earnings programme (spec §3 "Monetisation profile", "Withdrawal", §5 withdrawal rules, §9):
 * the shapes and rules both the payment form and the server apply, with the spec's error keys.
 */
export const PAYMENT_METHODS = ['paypal', 'iban', 'stripe', 'blockchain'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Only PayPal pays out for now; the others are shown disabled and refused by the server. */
export const ENABLED_PAYMENT_METHODS: readonly PaymentMethod[] = ['paypal'];

export const BLOCKCHAIN_NETWORKS = ['ethereum', 'bitcoin', 'polygon', 'otro'] as const;
export type BlockchainNetwork = (typeof BLOCKCHAIN_NETWORKS)[number];

export const WITHDRAWAL_STATUSES = ['pending', 'processing', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Impressions per token, and the impression a withdrawal minimum stands for (spec §9). */
export const IMPRESSIONS_PER_TOKEN = 10;
/** The banner rotates every 15 s; one impression per member per rotation counts. */
export const IMPRESSION_INTERVAL_MS = 15_000;
/** How long the banner must be on screen before it counts as an impression. */
export const IMPRESSION_MIN_VISIBLE_MS = 1_000;
/** Slider step of the withdrawal amount (spec §9). */
export const WITHDRAWAL_TOKEN_STEP = 0.1;

export const AD_SLOT_KEYS = [
  'adslot_general',
  'adslot_caa',
  'adslot_mobilite',
  'adslot_sensoriel',
  'adslot_cognitif',
] as const;
export const localAdSlotKey = (country: string) => `adslot_local_${country}`;
export const AD_BANNER_SIZE = { width: 728, height: 90 } as const;

/** The consent text's version: a new wording gets a new version, and consent is asked again. */
export const MONETIZATION_CONSENT_VERSION = '2026-11';

export const IBAN_PATTERN = /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/;
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const trimmed = z
  .string({ error: 'payment.errors.required_fields' })
  .optional()
  .transform((value) => (value ?? '').trim())
  .pipe(z.string().max(200, 'payment.errors.too_long'));

/** Tokens as tenths, so 99.3 stays exact (amounts move in steps of 0.1). */
export const toTenths = (tokens: number) => Math.round(tokens * 10);
/** 1 token = 0.01 euro (spec §9); tenths of a token are thousandths of a euro. */
export const euroOfTokens = (tokens: number) => toTenths(tokens) / 1000;

/**
 * Spec §5, in its order: billing name, address, country, e-mail, phone required
 * (payment.errors.required_fields); the e-mail is x@y.z (invalid_email); at least 99 tokens
 * (min_tokens); then the method's own field: a PayPal e-mail containing @ (paypal_required), an
 * IBAN of two capitals, two digits and 1–30 letters or digits (iban_invalid), a wallet address for
 * blockchain (wallet_required). The tax id is optional.
 */
export const WithdrawalSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS, { error: 'payment.errors.method' }),
    tokens: z.coerce.number({ error: 'payment.errors.min_tokens' }),
    billing_name: trimmed,
    billing_address: trimmed,
    billing_country: trimmed,
    billing_email: trimmed,
    billing_phone: trimmed,
    tax_id: trimmed,
    paypal_email: trimmed,
    iban: trimmed.transform((value) => value.replace(/\s+/g, '').toUpperCase()),
    wallet_address: trimmed,
    blockchain_network: z.enum(BLOCKCHAIN_NETWORKS).optional().default('ethereum'),
  })
  .superRefine((value, context) => {
    const fail = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    const required = [
      'billing_name',
      'billing_address',
      'billing_country',
      'billing_email',
      'billing_phone',
    ] as const;
    const missing = required.filter((field) => !value[field]);
    if (missing.length) {
      missing.forEach((field) => fail(field, 'payment.errors.required_fields'));
      return;
    }
    if (!SIMPLE_EMAIL.test(value.billing_email)) return fail('billing_email', 'payment.errors.invalid_email');
    if (!Number.isFinite(value.tokens) || toTenths(value.tokens) < MIN_WITHDRAWAL_TOKENS * 10)
      return fail('tokens', 'payment.errors.min_tokens');
    if (value.method === 'paypal' && !value.paypal_email.includes('@'))
      return fail('paypal_email', 'payment.errors.paypal_required');
    if (value.method === 'iban' && !IBAN_PATTERN.test(value.iban))
      return fail('iban', 'payment.errors.iban_invalid');
    if (value.method === 'blockchain' && !value.wallet_address)
      return fail('wallet_address', 'payment.errors.wallet_required');
  });
export type WithdrawalInput = z.input<typeof WithdrawalSchema>;
export type WithdrawalRequest = z.output<typeof WithdrawalSchema>;

/** The saved payment details (spec §3 "Monetisation profile"), all optional until a withdrawal. */
export const PaymentProfileSchema = z.object({
  payment_method: z.enum(PAYMENT_METHODS, { error: 'payment.errors.method' }).optional(),
  billing_name: trimmed,
  billing_address: trimmed,
  billing_country: trimmed,
  billing_email: trimmed,
  billing_phone: trimmed,
  tax_id: trimmed,
  paypal_email: trimmed,
  iban: trimmed.transform((value) => value.replace(/\s+/g, '').toUpperCase()),
  wallet_address: trimmed,
  blockchain_network: z.enum(BLOCKCHAIN_NETWORKS).optional().default('ethereum'),
});
export type PaymentProfileInput = z.input<typeof PaymentProfileSchema>;

export type MonetizationProfile = Omit<z.output<typeof PaymentProfileSchema>, 'payment_method'> & {
  payment_method: PaymentMethod | null;
  tokens_acumulados: number;
  is_ready_for_payment: boolean;
};

export type Withdrawal = {
  id: number;
  created_at: string;
  method: PaymentMethod;
  tokens: number;
  euro_equivalent: number;
  status: WithdrawalStatus;
  /** Why an operator refused it (the tokens came back). */
  rejection_reason?: string;
};

/** The functional fields that choose the ad slots (spec §3 enumerations). */
export type SlotProfile = {
  country: string | null;
  habla: string | null;
  escribe: string | null;
  movilidad: string | null;
  motricidad: string | null;
  ver: string | null;
  audition: string | null;
  memoire: string | null;
  orientation: string | null;
  concentration: string | null;
};

const oneOf = (value: string | null, values: readonly string[]) => value !== null && values.includes(value);

/**
 * Which slots fit a member (issue: caa for AAC users, mobilite for mobility or motor needs,
 * sensoriel for sight or hearing, cognitif for memory, orientation or concentration, local for
 * the country, general always). Used only for members who consented to it when activating.
 */
export function adSlotKeysFor(profile: SlotProfile): string[] {
  const keys = ['adslot_general'];
  if (profile.habla === 'caa' || profile.escribe === 'caa') keys.push('adslot_caa');
  if (
    oneOf(profile.movilidad, ['lit', 'fauteuil roulant', 'béquilles']) ||
    oneOf(profile.motricidad, ['non', 'spasticité', 'imprécise', 'mouv.anormaux'])
  )
    keys.push('adslot_mobilite');
  if (profile.ver === 'auvegle' || oneOf(profile.audition, ['sans', 'faible', 'hypersensible']))
    keys.push('adslot_sensoriel');
  if (
    oneOf(profile.memoire, ['sans', 'faible']) ||
    oneOf(profile.orientation, ['sans', 'faible']) ||
    oneOf(profile.concentration, ['sans', 'éphémere', 'partial'])
  )
    keys.push('adslot_cognitif');
  if (profile.country) keys.push(localAdSlotKey(profile.country));
  return keys;
}

/** A slot key the programme knows: one of the five, or a local key of an EU country code. */
export const isAdSlotKey = (value: string) =>
  (AD_SLOT_KEYS as readonly string[]).includes(value) || /^adslot_local_[a-z]{2}$/.test(value);
