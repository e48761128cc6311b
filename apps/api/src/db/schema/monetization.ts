import { bigint, boolean, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A member's participation in the opt-in earnings programme (spec §1 "Monetisation"). No row
 * means never activated. The monetisation feature adds tokens, payment details and withdrawals.
 */
export const monetizationAccounts = pgTable('monetization_accounts', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  activated: boolean('activated').notNull().default(false),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
