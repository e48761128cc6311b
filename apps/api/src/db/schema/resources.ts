import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Language } from '@juntos/domain';
import { timeOfInsert } from './member-columns';

/** A text in several interface languages (spec §3 descriptions); missing languages fall back. */
export type LocalizedText = Partial<Record<Language, string>>;

/**
 * One entry of any of the three lists as the API's modules pass it between them (the resources
 * module reads it, research matches on it); `revision` counts the entry's edits.
 */
export type StoredDirectoryEntry = {
  id: number;
  name: string;
  pais: string;
  ciudad: string;
  descripcion: LocalizedText;
  enlace: string;
  orphacodes: number[];
  paises: string[];
  /** Research projects only; false and null on the other lists. */
  estudioClinico: boolean;
  recluta: boolean;
  reclutaHasta: string | null;
  revision: number;
};

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
  /**
   * What the entry is about (issue 35): the ORPHA codes of its diseases and the countries it
   * serves or recruits in (the seat's country at least). GIN-indexed: the directory's disease
   * filter and the "For you" view ask "which entries name this code", matching asks the reverse.
   */
  orphacodes: integer('orphacodes')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  paises: text('paises')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * Raised by every material change (codes, countries, recruiting state and date, link): a
   * member is told once per entry and revision (research_matches' key), never twice of one.
   */
  revision: integer('revision').notNull().default(1),
  createdAt: timeOfInsert('created_at'),
});

export const associations = pgTable(
  'associations',
  { ...directoryColumns(), nombre: text('nombre').notNull() },
  (table) => [
    index('associations_place_idx').on(table.pais, table.ciudad, table.nombre),
    index('associations_orphacodes_idx').using('gin', table.orphacodes),
    index('associations_paises_idx').using('gin', table.paises),
  ],
);

export const researchProjects = pgTable(
  'research_projects',
  {
    ...directoryColumns(),
    titulo: text('titulo').notNull(),
    /** A clinical study: people take part in it (issue 35); it may recruit, until a date. */
    estudioClinico: boolean('estudio_clinico').notNull().default(false),
    recluta: boolean('recluta').notNull().default(false),
    reclutaHasta: date('recluta_hasta', { mode: 'string' }),
  },
  (table) => [
    index('research_projects_place_idx').on(table.pais, table.ciudad, table.titulo),
    index('research_projects_orphacodes_idx').using('gin', table.orphacodes),
    index('research_projects_paises_idx').using('gin', table.paises),
  ],
);

export const expertCentres = pgTable(
  'expert_centres',
  { ...directoryColumns(), nombre: text('nombre').notNull() },
  (table) => [
    index('expert_centres_place_idx').on(table.pais, table.ciudad, table.nombre),
    index('expert_centres_orphacodes_idx').using('gin', table.orphacodes),
    index('expert_centres_paises_idx').using('gin', table.paises),
  ],
);
