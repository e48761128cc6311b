import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { associations, expertCentres, researchProjects, type StoredDirectoryEntry } from '../../db/schema';
import type { ResourceKind } from '@juntos/domain';

export type DirectoryRow = StoredDirectoryEntry;
/** What an entry is, as the editor and the shipped files give it (the revision is the database's). */
export type DirectoryValues = Omit<DirectoryRow, 'id' | 'revision'>;
export type DirectoryEntry = DirectoryValues & { key: string };

/**
 * What makes a change "material" (issue 35): what a matched member would want to hear again of —
 * the diseases and countries it is about, whether it is a clinical study, whether and until when
 * it recruits, and where to reach it. A corrected description or name is not news.
 */
export function materialOf(
  values: Pick<
    DirectoryValues,
    'orphacodes' | 'paises' | 'estudioClinico' | 'recluta' | 'reclutaHasta' | 'enlace'
  >,
) {
  return JSON.stringify([
    [...values.orphacodes].sort((a, b) => a - b),
    [...values.paises].sort(),
    values.estudioClinico,
    values.recluta,
    values.reclutaHasta,
    values.enlace,
  ]);
}

const TABLES = {
  asociaciones: { table: associations, name: associations.nombre },
  proyectos: { table: researchProjects, name: researchProjects.titulo },
  centros: { table: expertCentres, name: expertCentres.nombre },
} as const;

/** The columns of a list as a DirectoryRow names them (the study fields only on projects). */
function columnsOf(kind: ResourceKind) {
  const { table } = TABLES[kind];
  return {
    id: table.id,
    pais: table.pais,
    ciudad: table.ciudad,
    descripcion: table.descripcion,
    enlace: table.enlace,
    orphacodes: table.orphacodes,
    paises: table.paises,
    revision: table.revision,
    ...(kind === 'proyectos'
      ? {
          estudioClinico: researchProjects.estudioClinico,
          recluta: researchProjects.recluta,
          reclutaHasta: researchProjects.reclutaHasta,
        }
      : {
          estudioClinico: sql<boolean>`false`,
          recluta: sql<boolean>`false`,
          reclutaHasta: sql<string | null>`null::date`,
        }),
  };
}

/**
 * The values as a list stores them: an entry is about its seat's country at least, and only
 * projects carry the study fields.
 */
function stored(kind: ResourceKind, values: DirectoryValues) {
  const { estudioClinico, recluta, reclutaHasta, ...common } = values;
  const paises = common.paises.includes(common.pais) ? common.paises : [common.pais, ...common.paises];
  return {
    ...common,
    paises,
    ...(kind === 'proyectos' ? { estudioClinico, recluta, reclutaHasta } : {}),
  };
}

/** The three directory lists, read and seeded through one code path. */
export function createResourcesRepository(db: Database) {
  /** One entry with its revision, for matching (undefined when it is gone). */
  async function entry(kind: ResourceKind, id: number): Promise<DirectoryRow | undefined> {
    const { table, name } = TABLES[kind];
    const [row] = await db
      .select({ ...columnsOf(kind), name })
      .from(table)
      .where(eq(table.id, id))
      .limit(1);
    return row;
  }

  return {
    /**
     * A list, filtered: by country (the seat's or one the entry serves: `paises` holds the seat's
     * too), city (the seat's) and disease (an ORPHA code the entry names, through its GIN index).
     */
    async list(
      kind: ResourceKind,
      filter: { pais?: string; ciudad?: string; orphacode?: number },
      limit: number,
    ) {
      const { table, name } = TABLES[kind];
      const conditions: SQL[] = [];
      if (filter.pais) conditions.push(sql`${table.paises} @> array[${filter.pais}]::text[]`);
      if (filter.ciudad) conditions.push(eq(table.ciudad, filter.ciudad));
      if (filter.orphacode !== undefined)
        conditions.push(sql`${table.orphacodes} @> array[${filter.orphacode}]::integer[]`);
      const rows: DirectoryRow[] = await db
        .select({ ...columnsOf(kind), name })
        .from(table)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(table.pais, table.ciudad, name, table.id)
        .limit(limit);
      return rows;
    },

    /**
     * Entries of one list naming a disease in one of some countries (issue 35: the "For you"
     * view); the GIN indexes on `orphacodes` and `paises` answer both conditions.
     */
    async about(kind: ResourceKind, orphacode: number, countries: readonly string[], limit: number) {
      const { table, name } = TABLES[kind];
      const rows: DirectoryRow[] = await db
        .select({ ...columnsOf(kind), name })
        .from(table)
        .where(
          and(
            sql`${table.orphacodes} @> array[${orphacode}]::integer[]`,
            sql`${table.paises} && ${sql.param([...countries])}::text[]`,
          ),
        )
        .orderBy(name, table.id)
        .limit(limit);
      return rows;
    },

    async count(kind: ResourceKind) {
      const { table } = TABLES[kind];
      const [row] = await db.select({ value: count() }).from(table);
      return row?.value ?? 0;
    },

    entry,

    /** The directory editor: one entry, by id. */
    async create(kind: ResourceKind, values: DirectoryValues) {
      const { name, ...rest } = stored(kind, values);
      const [row] =
        kind === 'proyectos'
          ? await db
              .insert(researchProjects)
              .values({ ...rest, titulo: name })
              .returning({ id: researchProjects.id })
          : kind === 'asociaciones'
            ? await db
                .insert(associations)
                .values({ ...rest, nombre: name })
                .returning({ id: associations.id })
            : await db
                .insert(expertCentres)
                .values({ ...rest, nombre: name })
                .returning({ id: expertCentres.id });
      return row?.id;
    },
    /**
     * Changes an entry; a material change (`materialOf`) raises its revision, so matching tells
     * the matched members once more. Answers the entry's revision and whether it was raised.
     */
    async update(kind: ResourceKind, id: number, values: DirectoryValues) {
      const before = await entry(kind, id);
      if (!before) return undefined;
      const material = materialOf(before) !== materialOf(values);
      const { name, ...fields } = stored(kind, values);
      const rest = { ...fields, revision: before.revision + (material ? 1 : 0) };
      const [row] =
        kind === 'proyectos'
          ? await db
              .update(researchProjects)
              .set({ ...rest, titulo: name })
              .where(eq(researchProjects.id, id))
              .returning({ id: researchProjects.id })
          : kind === 'asociaciones'
            ? await db
                .update(associations)
                .set({ ...rest, nombre: name })
                .where(eq(associations.id, id))
                .returning({ id: associations.id })
            : await db
                .update(expertCentres)
                .set({ ...rest, nombre: name })
                .where(eq(expertCentres.id, id))
                .returning({ id: expertCentres.id });
      return row ? { id: row.id, revision: rest.revision, material } : undefined;
    },
    async remove(kind: ResourceKind, id: number) {
      const { table } = TABLES[kind];
      const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
      return rows.length > 0;
    },

    /** Inserts entries whose key is not there yet; returns how many were added. */
    async insertMissing(kind: ResourceKind, entries: DirectoryEntry[]) {
      if (entries.length === 0) return 0;
      const common = entries
        .map((entry) => stored(kind, entry))
        .map(({ name: _name, ...rest }, index) => ({ ...rest, key: entries[index]!.key }));
      const named = entries.map((entry, index) => ({ ...common[index]!, nombre: entry.name }));
      const inserted =
        kind === 'proyectos'
          ? await db
              .insert(researchProjects)
              .values(entries.map((entry, index) => ({ ...common[index]!, titulo: entry.name })))
              .onConflictDoNothing({ target: researchProjects.key })
              .returning({ id: researchProjects.id })
          : kind === 'asociaciones'
            ? await db
                .insert(associations)
                .values(named)
                .onConflictDoNothing({ target: associations.key })
                .returning({ id: associations.id })
            : await db
                .insert(expertCentres)
                .values(named)
                .onConflictDoNothing({ target: expertCentres.key })
                .returning({ id: expertCentres.id });
      return inserted.length;
    },
  };
}

export type ResourcesRepository = ReturnType<typeof createResourcesRepository>;
