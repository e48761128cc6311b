import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SUPPORTED_LANGUAGES, isCityOf, isCountryCode, type ResourceKind } from '@juntos/domain';
import type { DirectoryEntry, ResourcesRepository } from './resources.repository';

export const DIRECTORY_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'directory');

const FILES: Record<ResourceKind, { file: string; nameField: 'nombre' | 'titulo' }> = {
  asociaciones: { file: 'associations.json', nameField: 'nombre' },
  proyectos: { file: 'projects.json', nameField: 'titulo' },
  centros: { file: 'centres.json', nameField: 'nombre' },
};

const text = z.string().trim().min(1).max(400);
const EntrySchema = z
  .object({
    key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a lower-case slug'),
    nombre: text.optional(),
    titulo: text.optional(),
    pais: z.string().refine(isCountryCode, 'a country of the catalogue'),
    ciudad: z.string(),
    enlace: z
      .url({ protocol: /^https$/, message: 'an https address' })
      .refine((value) => !/\s/.test(value), 'an address without spaces'),
    descripcion: z.object(Object.fromEntries(SUPPORTED_LANGUAGES.map((language) => [language, text]))),
    // Issue 35: what the entry is about; a study's recruitment (projects only).
    orphacodes: z.array(z.number().int().positive()).default([]),
    paises: z.array(z.string().refine(isCountryCode, 'a country of the catalogue')).default([]),
    estudio_clinico: z.boolean().default(false),
    recluta: z.boolean().default(false),
    recluta_hasta: z.iso.date().nullable().default(null),
  })
  .refine((entry) => isCityOf(entry.pais, entry.ciudad), {
    path: ['ciudad'],
    message: 'a city of that country in the catalogue',
  });

/**
 * The directory shipped with the app (modules/resources/directory/*.json), checked entry by entry:
 * a country of the catalogue, a city of that country's list, an https address, a description in
 * every language, and (issue 35) the ORPHA codes and countries it is about. A wrong entry stops the start with its file, position and field.
 */
export function loadDirectory(kind: ResourceKind, directory = DIRECTORY_DIR): DirectoryEntry[] {
  const { file, nameField } = FILES[kind];
  const raw: unknown = JSON.parse(readFileSync(path.join(directory, file), 'utf8'));
  const parsed = z.array(EntrySchema).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: entry ${issue?.path.join('.')} must be ${issue?.message}`);
  }
  return parsed.data.map((entry) => {
    const name = entry[nameField];
    if (!name) throw new Error(`${file}: entry "${entry.key}" has no ${nameField}`);
    return {
      key: entry.key,
      name,
      pais: entry.pais,
      ciudad: entry.ciudad,
      enlace: entry.enlace,
      descripcion: entry.descripcion,
      orphacodes: entry.orphacodes,
      paises: entry.paises.includes(entry.pais) ? entry.paises : [entry.pais, ...entry.paises],
      estudioClinico: entry.estudio_clinico,
      recluta: entry.recluta,
      reclutaHasta: entry.recluta_hasta,
    };
  });
}

export type ShippedDirectory = Record<ResourceKind, DirectoryEntry[]>;

/** Every shipped list, checked; throws on the first wrong entry. */
export function loadShippedDirectory(directory = DIRECTORY_DIR): ShippedDirectory {
  return {
    asociaciones: loadDirectory('asociaciones', directory),
    proyectos: loadDirectory('proyectos', directory),
    centros: loadDirectory('centros', directory),
  };
}

/**
 * Runs at every start: a list that is empty gets the shipped entries. Each key goes in at most once
 * (unique key, insert-if-absent), so two instances starting together, or a second start, add
 * nothing. A list operators already filled is left alone.
 */
export async function seedDirectory(repository: ResourcesRepository, shipped = loadShippedDirectory()) {
  const added: Partial<Record<ResourceKind, number>> = {};
  for (const kind of Object.keys(FILES) as ResourceKind[]) {
    if ((await repository.count(kind)) > 0) continue;
    added[kind] = await repository.insertMissing(kind, shipped[kind]);
  }
  return added;
}
