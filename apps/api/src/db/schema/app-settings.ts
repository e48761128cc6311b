import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operator-level settings that must be shared by every API instance and survive restarts
 * (the instance's first start, later the ad client configuration).
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
