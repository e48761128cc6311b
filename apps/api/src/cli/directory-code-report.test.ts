import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertCentres } from '../db/schema';
import { importOrphanetNomenclature } from '../modules/diseases/orphanet-import';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { directoryCodeReport } from './directory-code-report';

const sample = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../modules/diseases/fixtures/fr_product1.sample.xml',
);

describe('npm run import:orphanet and the directory (issue 35)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(async () => t.cleanup());

  it('lists the directory entries naming a code the nomenclature no longer lists as active', async () => {
    await importOrphanetNomenclature({
      db: t.app.database.db,
      xmlFile: sample,
      outputDir: t.config.paths.importedDiseases,
    });
    await t.app.database.db.insert(expertCentres).values({
      nombre: 'Report centre',
      pais: 'es',
      ciudad: 'Madrid',
      enlace: 'https://example.org/',
      orphacodes: [558, 99001, 4242424],
      paises: ['es'],
    });
    const lines = await directoryCodeReport(t.app.database.db);
    const about = lines.filter((line) => line.includes('Report centre'));
    // 558 is active in the sample; 99001 is obsolete there; 4242424 is in no nomenclature.
    expect(about).toEqual([
      '  expert centre "Report centre": ORPHA:99001 (obsoleto)',
      '  expert centre "Report centre": ORPHA:4242424 (unknown)',
    ]);
  });
});
