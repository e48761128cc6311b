import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { associations, expertCentres, researchProjects, type LocalizedText } from '../../db/schema';
import type { ResourceKind } from '@juntos/domain';

export type DirectoryRow = {
  id: number;
  name: string;
  pais: string;
  ciudad: string;
  descripcion: LocalizedText;
  enlace: string;
};
export type DirectoryEntry = Omit<DirectoryRow, 'id'> & { key: string };

const TABLES = {
  asociaciones: { table: associations, name: associations.nombre },
  proyectos: { table: researchProjects, name: researchProjects.titulo },
  centros: { table: expertCentres, name: expertCentres.nombre },
} as const;

/** The three directory lists, read and seeded through one code path. */
export function createResourcesRepository(db: Database) {
  return {
    async list(kind: ResourceKind, filter: { pais?: string; ciudad?: string }, limit: number) {
      const { table, name } = TABLES[kind];
      const conditions: SQL[] = [];
      if (filter.pais) conditions.push(eq(table.pais, filter.pais));
      if (filter.ciudad) conditions.push(eq(table.ciudad, filter.ciudad));
      const rows: DirectoryRow[] = await db
        .select({
          id: table.id,
          name,
          pais: table.pais,
          ciudad: table.ciudad,
          descripcion: table.descripcion,
          enlace: table.enlace,
        })
        .from(table)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(table.pais, table.ciudad, name, table.id)
        .limit(limit);
      return rows;
    },

    async count(kind: ResourceKind) {
      const { table } = TABLES[kind];
      const [row] = await db.select({ value: count() }).from(table);
      return row?.value ?? 0;
    },

    /** The directory editor: one entry, by id. */
    async create(kind: ResourceKind, values: Omit<DirectoryRow, 'id'>) {
      const { name, ...rest } = values;
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
    async update(kind: ResourceKind, id: number, values: Omit<DirectoryRow, 'id'>) {
      const { name, ...rest } = values;
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
      return row?.id;
    },
    async remove(kind: ResourceKind, id: number) {
      const { table } = TABLES[kind];
      const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
      return rows.length > 0;
    },

    /** Inserts entries whose key is not there yet; returns how many were added. */
    async insertMissing(kind: ResourceKind, entries: DirectoryEntry[]) {
      if (entries.length === 0) return 0;
      const common = entries.map(({ name: _name, ...rest }) => rest);
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
