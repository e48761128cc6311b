import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language } from '@juntos/domain';

/** A text in several interface languages (spec §3 descriptions); missing languages fall back. */
export type LocalizedText = Partial<Record<Language, string>>;

/**
 * The three lists of the resource directory (spec §3 "Association", "Project", "Centre"). `key` is
 * the stable name of an entry shipped with the app (the seed step inserts each key once); entries
 * added by operators have none. `pais` and `ciudad` come from the country catalogue.
 */
const directoryColumns = () => ({
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').unique(),
  pais: text('pais').notNull(),
  ciudad: text('ciudad').notNull(),
  descripcion: jsonb('descripcion').$type<LocalizedText>().notNull().default({}),
  enlace: text('enlace').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const associations = pgTable(
  'associations',
  { ...directoryColumns(), nombre: text('nombre').notNull() },
  (table) => [index('associations_place_idx').on(table.pais, table.ciudad, table.nombre)],
);

export const researchProjects = pgTable(
  'research_projects',
  { ...directoryColumns(), titulo: text('titulo').notNull() },
  (table) => [index('research_projects_place_idx').on(table.pais, table.ciudad, table.titulo)],
);

export const expertCentres = pgTable(
  'expert_centres',
  { ...directoryColumns(), nombre: text('nombre').notNull() },
  (table) => [index('expert_centres_place_idx').on(table.pais, table.ciudad, table.nombre)],
);
