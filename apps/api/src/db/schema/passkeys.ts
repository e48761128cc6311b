import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { memberReference, timeOfInsert } from './member-columns';

/**
 * A passkey (WebAuthn credential) a member registered as a way to sign in without a password
 * (issue 21). Only the public key is kept; the private key never leaves the member's device.
 * Removed with the account (cascade) and when the password is reset, because a reset means the
 * member may have lost control of a device.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter (0 for authenticators that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the authenticator can be reached (usb, internal, hybrid…), comma-separated, for the next sign-in. */
    transports: text('transports').notNull().default(''),
    /** The member's name for it ("My phone"). */
    label: text('label').notNull(),
    createdAt: timeOfInsert('created_at'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_idx').on(table.credentialId),
    index('passkeys_user_idx').on(table.userId),
  ],
);

/**
 * A WebAuthn challenge handed out for one ceremony (registration or sign-in), used once: the
 * verification deletes it, and unused ones expire after a few minutes. Kept in the database, not
 * in memory, so any instance can finish a ceremony another began.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    challenge: text('challenge').notNull(),
    /** 'registration' or 'authentication'. */
    purpose: text('purpose').notNull(),
    /** The member registering; null for a sign-in, where the passkey names the member. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webauthn_challenges_expires_idx').on(table.expiresAt)],
);

/**
 * A phrase a member added to their symbol board (issue 21), shown with the pictogram they chose.
 * Part of the member's data copy; removed with the account.
 */
export const symbolPhrases = pgTable(
  'symbol_phrases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    text: text('text').notNull(),
    /** The pictogram shown with it: a symbol id of the board's catalogue (packages/domain). */
    symbol: text('symbol').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [index('symbol_phrases_user_idx').on(table.userId, table.position)],
);
