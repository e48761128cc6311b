import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Why a record outlives the account it came from; each kind has its own period (RETENTION_DAYS). */
export const RETAINED_RECORD_KINDS = ['consent', 'monetization_consent', 'withdrawal'] as const;
export type RetainedRecordKind = (typeof RETAINED_RECORD_KINDS)[number];

/**
 * What the law requires to be kept after an account is deleted (accounting, proof of consent),
 * pseudonymised: a random id drawn at the deletion, the same for all of that member's records and
 * stored nowhere else, so nothing here leads back to the person. No name, contact, account id or
 * free text. The retention job deletes each row at `retain_until`.
 */
export const retainedRecords = pgTable(
  'retained_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pseudonym: uuid('pseudonym').notNull(),
    kind: text('kind', { enum: RETAINED_RECORD_KINDS }).notNull(),
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>().notNull(),
    /** When the original record was made (a consent given, a withdrawal asked for). */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
  },
  (table) => [index('retained_records_retain_until_idx').on(table.retainUntil)],
);
