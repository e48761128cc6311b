import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { memberReference, timeOfInsert } from './member-columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A member's copy of their data (GDPR Art. 20), prepared in the background. The ZIP is kept in
 * the database, not on an instance's disk, so any API instance can hand it over; it is deleted
 * after EXPORT_KEPT_DAYS and with the account.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    status: text('status', { enum: ['preparing', 'ready', 'failed'] })
      .notNull()
      .default('preparing'),
    archive: bytea('archive'),
    sizeBytes: integer('size_bytes'),
    createdAt: timeOfInsert('created_at'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [
    index('data_exports_user_idx').on(table.userId, table.createdAt),
    index('data_exports_created_idx').on(table.createdAt),
    // One copy in preparation per member, even when two requests arrive together.
    uniqueIndex('data_exports_one_preparing')
      .on(table.userId)
      .where(sql`${table.status} = 'preparing'`),
  ],
);
