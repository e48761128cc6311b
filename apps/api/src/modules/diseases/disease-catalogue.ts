import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SUPPORTED_LANGUAGES, type Language } from '@juntos/domain';

export type DiseaseList = ReadonlyMap<number, string>;

export const diseaseListFileName = (language: Language) => `enfermedades_${language}.json`;

/**
 * The rare-disease lists, code → name per language. A list imported from Orphadata
 * (DATA_DIR/enfermedades) wins over the starter list shipped with the app, so an upgrade never
 * overwrites what an operator imported. Files are re-read when they change on disk: the
 * importer runs as a separate process.
 */
export function createDiseaseCatalogue(dirs: { starter: string; imported: string }) {
  const cache = new Map<Language, { file: string; mtimeMs: number; list: DiseaseList }>();

  function currentFile(language: Language): { file: string; mtimeMs: number } | undefined {
    for (const dir of [dirs.imported, dirs.starter]) {
      const file = path.join(dir, diseaseListFileName(language));
      try {
        return { file, mtimeMs: statSync(file).mtimeMs };
      } catch {
        // Not there: try the next folder.
      }
    }
    return undefined;
  }

  function list(language: Language): DiseaseList {
    const current = currentFile(language);
    if (!current) return new Map();
    const cached = cache.get(language);
    if (cached && cached.file === current.file && cached.mtimeMs === current.mtimeMs) return cached.list;
    const parsed = JSON.parse(readFileSync(current.file, 'utf8')) as Record<string, string>;
    const entries = new Map(Object.entries(parsed).map(([code, name]) => [Number(code), name] as const));
    cache.set(language, { ...current, list: entries });
    return entries;
  }

  return {
    /** Where the file the browser loads for a language lives now. */
    fileFor: (language: Language) => currentFile(language)?.file,
    list,
    nameOf: (code: number, language: Language) => list(language).get(code) ?? list('en').get(code),
    /** Whether any language's list holds the code. */
    hasCode: (code: number) => SUPPORTED_LANGUAGES.some((language) => list(language).has(code)),
  };
}

export type DiseaseCatalogue = ReturnType<typeof createDiseaseCatalogue>;
