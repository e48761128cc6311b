import { z } from 'zod';
import { MIN_WITHDRAWAL_TOKENS } from './constants';
import {
  BLOCKCHAIN_NETWORKS,
  IBAN_PATTERN,
  PAYMENT_METHODS,
  WITHDRAWAL_STATUSES,
  toTenths,
} from './earnings';

/**
 * The withdrawal and payment-details rules (spec §3 "Monetisation profile", "Withdrawal", §5) that
 * both the payment form and the server apply, with the spec's error keys.
 */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const trimmed = z
  .string({ error: 'payment.errors.required_fields' })
  .optional()
  .transform((value) => (value ?? '').trim())
  .pipe(z.string().max(200, 'payment.errors.too_long'));

/** The billing details and each method's own field, shared by a withdrawal and the saved profile. */
const paymentDetails = {
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
};

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
    ...paymentDetails,
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
  ...paymentDetails,
});
export type PaymentProfileInput = z.input<typeof PaymentProfileSchema>;

/** The saved payment details as the API answers them, with the tokens earned so far. */
export const MonetizationProfileSchema = z.object({
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  billing_name: z.string(),
  billing_address: z.string(),
  billing_country: z.string(),
  billing_email: z.string(),
  billing_phone: z.string(),
  tax_id: z.string(),
  paypal_email: z.string(),
  iban: z.string(),
  wallet_address: z.string(),
  blockchain_network: z.enum(BLOCKCHAIN_NETWORKS),
  tokens_acumulados: z.number(),
  is_ready_for_payment: z.boolean(),
});
export type MonetizationProfile = z.output<typeof MonetizationProfileSchema>;

/** A withdrawal as the member sees it (spec §3 "Withdrawal"). */
export const WithdrawalRecordSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  method: z.enum(PAYMENT_METHODS),
  tokens: z.number(),
  euro_equivalent: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** Why an operator refused it (the tokens came back). */
  rejection_reason: z.string().optional(),
});
export type Withdrawal = z.output<typeof WithdrawalRecordSchema>;

/** Whether the member takes part in the earnings programme. */
export const MonetizationStatusSchema = z.object({ activated: z.boolean() });
export type MonetizationStatus = z.output<typeof MonetizationStatusSchema>;
/** Consent to the programme; anything but `true` is refused with its field named. */
export const MonetizationConsentSchema = z.object({ consent: z.unknown() }).partial().optional();

export const AdStatsSchema = z.object({ campaign_participation: z.number(), impressions: z.number() });
export type AdStats = z.output<typeof AdStatsSchema>;

/** The ad slots chosen for this member, and the ad network's client id (`test`: built-in slots). */
export const AdSlotsSchema = z.object({
  ad_client: z.string(),
  slots: z.array(z.object({ slot_key: z.string(), ad_slot: z.string() })),
});
export type AdSlots = z.output<typeof AdSlotsSchema>;

/** An impression as the client saw it (the server decides whether it counts). */
export const ImpressionSchema = z.object({ slot_key: z.unknown() }).partial().optional();
export const ImpressionAnswerSchema = z.object({
  counted: z.boolean(),
  impressions: z.number(),
  tokens_acumulados: z.number(),
  impressions_per_token: z.number(),
});
export type ImpressionAnswer = z.output<typeof ImpressionAnswerSchema>;
