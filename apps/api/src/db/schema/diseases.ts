import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timeOfInsert } from './member-columns';

/**
 * The status of every ORPHA code loaded from the official Orphadata nomenclature
 * (`npm run import:orphanet`). Codes of the starter catalogue that were never imported count as
 * active; anything else is unknown.
 */
export const rareDiseaseCodes = pgTable('rare_disease_codes', {
  orphacode: integer('orphacode').primaryKey(),
  status: text('status', { enum: ['active', 'obsoleto', 'no_raro'] }).notNull(),
  updatedAt: timeOfInsert('updated_at'),
});

/** The preferred name of a code in one language, as the last import of that language gave it. */
export const rareDiseaseNames = pgTable(
  'rare_disease_names',
  {
    orphacode: integer('orphacode').notNull(),
    language: text('language').notNull(),
    name: text('name').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orphacode, table.language] }),
    index('rare_disease_names_language_idx').on(table.language),
  ],
);
