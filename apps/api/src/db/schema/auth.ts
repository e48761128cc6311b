import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { memberReference, timeOfInsert } from './member-columns';

/** What a member accepted at sign-up, with the policy version and time (GDPR Art. 7 and 9). */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    kind: text('kind').notNull(),
    policyVersion: text('policy_version').notNull(),
    acceptedAt: timeOfInsert('accepted_at'),
  },
  (table) => [index('consent_records_user_idx').on(table.userId)],
);

/** One pending activation code per account, stored as a keyed hash. */
export const activationCodes = pgTable('activation_codes', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: timeOfInsert('created_at'),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * Opaque refresh tokens, stored hashed. Each use rotates the token within its family; presenting
 * an already-rotated token revokes the whole family (a sign that it was stolen).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    familyId: uuid('family_id').notNull(),
    /**
     * The browser and system the session was opened from, as its User-Agent said (at most 200
     * characters), so the member can recognise their sessions in their data copy.
     */
    device: text('device'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [
    index('refresh_tokens_user_idx').on(table.userId),
    index('refresh_tokens_family_idx').on(table.familyId),
    // Every instance reads the rows written in the last seconds, every second (known-sessions.ts).
    index('refresh_tokens_created_at_idx').on(table.createdAt),
  ],
);

/**
 * Sessions that ended lately (issue 36, decision 0050), by their refresh-token family, written by
 * triggers (migration 0037) whenever a family is revoked, a live one deleted (an account's
 * erasure) or its account suspended, so no code path can end a session without a row here. Each
 * instance reads the new rows every second (realtime/known-sessions.ts): a chat socket whose token
 * names a session issued lately and absent from them opens without the session lookup. Rows older
 * than an hour are deleted by the same triggers: an access token lives 15 minutes.
 */
export const sessionEnds = pgTable(
  'session_ends',
  {
    sessionId: uuid('session_id').primaryKey(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('session_ends_ended_at_idx').on(table.endedAt)],
);

/** Every e-mail the platform sends; the log of record when no SMTP server is configured. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [
    index('email_outbox_user_idx').on(table.userId),
    index('email_outbox_created_idx').on(table.createdAt),
    // The metrics count what is still to send; this keeps that count small whatever the history.
    index('email_outbox_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.sentAt} is null`),
  ],
);
