import { sql } from 'drizzle-orm';
import { bigint, index, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A column naming a member, removed with the member's account: erasure (spec: deleting an account
 * deletes the person's data) relies on every such row going with the `users` row.
 */
export const memberReference = (column: string) =>
  bigint(column, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * The supporter who wrote a member's post, comment, picture or message for them (decision 0047),
 * shown to the member as "written with help"; forgotten when the supporter's account is erased,
 * since the words are the member's.
 */
export const helperReference = (column: string) =>
  bigint(column, { mode: 'number' }).references(() => users.id, { onDelete: 'set null' });

/** Erasing a supporter's account finds the rows they helped write through this partial index. */
export const helperIndex = (table: string, column: AnyPgColumn) =>
  index(`${table}_helper_idx`)
    .on(column)
    .where(sql`${column} is not null`);

/** The moment a row was written, set by the database so every instance agrees on the clock. */
export const timeOfInsert = (column: string) =>
  timestamp(column, { withTimezone: true }).notNull().defaultNow();
