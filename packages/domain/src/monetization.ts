import { z } from 'zod';
import { MIN_WITHDRAWAL_TOKENS } from './constants';
import {
  BLOCKCHAIN_NETWORKS,
  IBAN_PATTERN,
  PAYMENT_METHODS,
  toTenths,
  type PaymentMethod,
  type WithdrawalStatus,
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
