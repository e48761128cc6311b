import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timeOfInsert } from './member-columns';

/**
 * Operator-level settings that must be shared by every API instance and survive restarts
 * (the instance's first start, later the ad client configuration).
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timeOfInsert('updated_at'),
});
