import { bigint, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A column naming a member, removed with the member's account: erasure (spec: deleting an account
 * deletes the person's data) relies on every such row going with the `users` row.
 */
export const memberReference = (column: string) =>
  bigint(column, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The moment a row was written, set by the database so every instance agrees on the clock. */
export const timeOfInsert = (column: string) =>
  timestamp(column, { withTimezone: true }).notNull().defaultNow();
