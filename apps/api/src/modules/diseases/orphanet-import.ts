import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { isSupportedLanguage, type Language } from '@juntos/domain';
import type { Database } from '../../db/database';
import { rareDiseaseCodes, rareDiseaseNames } from '../../db/schema';
import { diseaseListFileName } from './disease-catalogue';
import { readOrphanetNomenclature, type NomenclatureStatus } from './orphanet-nomenclature';

const BATCH = 500;

export type ImportSummary = {
  language: Language;
  total: number;
  byStatus: Record<NomenclatureStatus, number>;
  file: string;
};

/**
 * Loads one language's Orphadata nomenclature into the database (every code's status, the
 * language's names) and writes that language's list for the browser: active codes only, so
 * members cannot pick an obsolete or non-rare code.
 */
export async function importOrphanetNomenclature(options: {
  db: Database;
  xmlFile: string;
  outputDir: string;
  language?: string;
}): Promise<ImportSummary> {
  const nomenclature = await readOrphanetNomenclature(options.xmlFile);
  const language = (options.language ?? nomenclature.language)?.toLowerCase();
  if (!language || !isSupportedLanguage(language))
    throw new Error(`the file's language (${language ?? 'none'}) is not one of the platform's languages`);
  if (nomenclature.entries.length === 0) throw new Error('no <Disorder> with an OrphaCode and a Name found');

  const byStatus: Record<NomenclatureStatus, number> = { active: 0, obsoleto: 0, no_raro: 0 };
  for (const entry of nomenclature.entries) byStatus[entry.status] += 1;

  await options.db.transaction(async (tx) => {
    for (let start = 0; start < nomenclature.entries.length; start += BATCH) {
      const batch = nomenclature.entries.slice(start, start + BATCH);
      await tx
        .insert(rareDiseaseCodes)
        .values(batch.map(({ orphacode, status }) => ({ orphacode, status })))
        .onConflictDoUpdate({
          target: rareDiseaseCodes.orphacode,
          set: { status: sql`excluded.status`, updatedAt: sql`now()` },
        });
    }
    await tx.delete(rareDiseaseNames).where(eq(rareDiseaseNames.language, language));
    for (let start = 0; start < nomenclature.entries.length; start += BATCH) {
      const batch = nomenclature.entries.slice(start, start + BATCH);
      await tx
        .insert(rareDiseaseNames)
        .values(batch.map(({ orphacode, name }) => ({ orphacode, language, name })));
    }
  });

  const active = nomenclature.entries.filter((entry) => entry.status === 'active');
  const list = Object.fromEntries(active.map((entry) => [String(entry.orphacode), entry.name]));
  await mkdir(options.outputDir, { recursive: true });
  const file = path.join(options.outputDir, diseaseListFileName(language));
  // Written aside then renamed: a server reading the list never sees half a file.
  await writeFile(`${file}.tmp`, `${JSON.stringify(list, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
  return { language, total: nomenclature.entries.length, byStatus, file };
}
