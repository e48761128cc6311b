import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rareDiseaseCodes, rareDiseaseNames } from '../../db/schema';
import { createActiveMember } from '../../test-support/accounts';
import { completeProfile, putProfile, seedDiseaseList } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { importOrphanetNomenclature } from './orphanet-import';

const sample = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/fr_product1.sample.xml');

describe('rare-disease catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  const status = async (access: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/recursos/orphacode_estado/',
        headers: { authorization: `Bearer ${access}` },
      })
    ).json<{ orphacode: number | null; estado: string | null }>();

  it('imports the official nomenclature: statuses in the database, active names in the list', async () => {
    const summary = await importOrphanetNomenclature({
      db: t.app.database.db,
      xmlFile: sample,
      outputDir: t.config.paths.importedDiseases,
    });
    expect(summary).toMatchObject({
      language: 'fr',
      total: 5,
      byStatus: { active: 2, obsoleto: 2, no_raro: 1 },
    });

    const statuses = Object.fromEntries(
      (await t.app.database.db.select().from(rareDiseaseCodes)).map((row) => [row.orphacode, row.status]),
    );
    expect(statuses).toEqual({
      558: 'active',
      586: 'active',
      2950: 'obsoleto',
      99001: 'obsoleto',
      99002: 'no_raro',
    });
    const names = await t.app.database.db
      .select()
      .from(rareDiseaseNames)
      .where(eq(rareDiseaseNames.language, 'fr'));
    expect(names.find((row) => row.orphacode === 99002)?.name).toBe("Maladie fréquente d'exemple & variante");
    // The nested OrphaCode of the association did not overwrite the disorder's own name.
    expect(names.find((row) => row.orphacode === 558)?.name).toBe('Syndrome de Marfan');

    const list = JSON.parse(readFileSync(summary.file, 'utf8')) as Record<string, string>;
    expect(list).toEqual({ '558': 'Syndrome de Marfan', '586': 'Mucoviscidose' });
    const served = await t.app.inject({ method: 'GET', url: '/enfermedades/enfermedades_fr.json' });
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual(list);

    // Importing again replaces, it does not duplicate.
    await importOrphanetNomenclature({
      db: t.app.database.db,
      xmlFile: sample,
      outputDir: t.config.paths.importedDiseases,
    });
    expect(
      await t.app.database.db.select().from(rareDiseaseNames).where(eq(rareDiseaseNames.language, 'fr')),
    ).toHaveLength(5);
  });

  it('refuses a file that is not a nomenclature', async () => {
    await expect(
      importOrphanetNomenclature({
        db: t.app.database.db,
        xmlFile: fileURLToPath(import.meta.url),
        outputDir: t.config.paths.importedDiseases,
      }),
    ).rejects.toThrow();
  });

  it('answers the status of the member code: none, active, obsoleto, no_raro, unknown', async () => {
    seedDiseaseList(t.config, 'en', {
      '558': 'Marfan syndrome',
      '2950': 'Old name',
      '99002': 'Frequent',
      '999991': 'Made-up disease',
    });
    const member = await createActiveMember(t.app);
    expect(await status(member.access)).toEqual({ orphacode: null, estado: null });

    const cases: [string, string][] = [
      ['558', 'active'],
      ['2950', 'obsoleto'],
      ['99002', 'no_raro'],
      // In a list but never imported: active.
      ['999991', 'active'],
    ];
    for (const [code, estado] of cases) {
      const saved = await putProfile(
        t.app,
        member.access,
        completeProfile({ enfermedad: 'X', orphacode: code }),
      );
      expect(saved.statusCode).toBe(200);
      expect(await status(member.access)).toEqual({ orphacode: Number(code), estado });
    }

    // A code the member saved earlier that has since left every list.
    seedDiseaseList(t.config, 'en', { '558': 'Marfan syndrome' });
    await t.app.database.db.delete(rareDiseaseCodes).where(eq(rareDiseaseCodes.orphacode, 999991));
    expect(await status(member.access)).toEqual({ orphacode: 999991, estado: 'unknown' });
    expect((await t.app.inject({ method: 'GET', url: '/api/recursos/orphacode_estado/' })).statusCode).toBe(
      401,
    );
  });

  it('serves the list of each language and nothing else', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/enfermedades/enfermedades_en.json' })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/enfermedades/enfermedades_xx.json' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/enfermedades/..%2fpackage.json' })).statusCode).toBe(
      404,
    );
  });
});
