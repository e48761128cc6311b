import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { BlockchainNetwork, PaymentMethod, WithdrawalStatus } from '@juntos/domain';
import { users } from './users';
import { memberReference, timeOfInsert } from './member-columns';

/**
 * A member's participation in the opt-in earnings programme (spec §1 "Monetisation"). No row means
 * never activated. Tokens are kept in tenths (withdrawals move in steps of 0.1 token), and
 * `impressions` counts every impression that earned (10 make a token).
 */
export const monetizationAccounts = pgTable(
  'monetization_accounts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    activated: boolean('activated').notNull().default(false),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    tokenTenths: bigint('token_tenths', { mode: 'number' }).notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    lastImpressionAt: timestamp('last_impression_at', { withTimezone: true }),
    updatedAt: timeOfInsert('updated_at'),
  },
  // The last line of defence of the withdrawal rule: a balance never goes below zero.
  (table) => [check('monetization_accounts_tokens_not_negative', sql`${table.tokenTenths} >= 0`)],
);

/**
 * Each consent to the programme, with the exact text and its version: ads are chosen from the
 * functional profile (health data), so the consent is explicit and kept (GDPR art. 9(2)(a), 7(1)).
 */
export const monetizationConsents = pgTable(
  'monetization_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    version: text('version').notNull(),
    text: text('text').notNull(),
    language: text('language').notNull(),
    grantedAt: timeOfInsert('granted_at'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [index('monetization_consents_user_idx').on(table.userId, table.grantedAt)],
);

/** The ad slots a member earned on: `campaign_participation` is how many there are. */
export const adSlotEarnings = pgTable(
  'ad_slot_earnings',
  {
    userId: memberReference('user_id'),
    slotKey: text('slot_key').notNull(),
    firstEarnedAt: timeOfInsert('first_earned_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.slotKey] })],
);

/** Saved payment details (spec §3 "Monetisation profile"). */
export const paymentProfiles = pgTable('payment_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paymentMethod: text('payment_method').$type<PaymentMethod>(),
  billingName: text('billing_name').notNull().default(''),
  billingAddress: text('billing_address').notNull().default(''),
  billingCountry: text('billing_country').notNull().default(''),
  billingEmail: text('billing_email').notNull().default(''),
  billingPhone: text('billing_phone').notNull().default(''),
  taxId: text('tax_id').notNull().default(''),
  paypalEmail: text('paypal_email').notNull().default(''),
  iban: text('iban').notNull().default(''),
  walletAddress: text('wallet_address').notNull().default(''),
  blockchainNetwork: text('blockchain_network').$type<BlockchainNetwork>().notNull().default('ethereum'),
  updatedAt: timeOfInsert('updated_at'),
});

/**
 * A withdrawal request (spec §3 "Withdrawal"). Its tokens left the balance when it was created;
 * a rejected one gives them back. The payout details are copied, so later edits of the payment
 * profile do not change a request already made.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    method: text('method').$type<PaymentMethod>().notNull(),
    tokenTenths: bigint('token_tenths', { mode: 'number' }).notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull().default('pending'),
    payout: jsonb('payout').$type<Record<string, string>>().notNull(),
    /** The payment's reference (PayPal transaction id), set when an operator marks it paid. */
    payoutReference: text('payout_reference'),
    /** Why an operator rejected it, shown to the member. */
    rejectionReason: text('rejection_reason'),
    createdAt: timeOfInsert('created_at'),
    updatedAt: timeOfInsert('updated_at'),
  },
  (table) => [
    index('withdrawals_user_idx').on(table.userId, table.createdAt),
    index('withdrawals_status_idx').on(table.status, table.createdAt),
  ],
);
