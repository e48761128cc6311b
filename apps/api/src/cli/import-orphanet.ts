import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { directoryCodeReport } from './directory-code-report';
import { importOrphanetNomenclature } from '../modules/diseases/orphanet-import';

/**
 * `npm run import:orphanet -- <file.xml> [language]`: loads an Orphadata "product1"
 * nomenclature file (en_product1.xml, fr_product1.xml…) into the database and regenerates that
 * language's disease list in DATA_DIR/enfermedades. With the embedded database, stop the server
 * first (PGlite allows one process at a time).
 */
const [xmlFile, language] = process.argv.slice(2);
if (!xmlFile) {
  console.error('Usage: npm run import:orphanet -- <product1.xml> [language]');
  process.exit(64);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.paths.pglite });
try {
  await database.migrate();
  const summary = await importOrphanetNomenclature({
    db: database.db,
    xmlFile: path.resolve(process.env.INIT_CWD ?? process.cwd(), xmlFile),
    outputDir: config.paths.importedDiseases,
    language,
  });
  console.log(
    `Imported ${summary.total} ORPHA codes (${summary.language}): ${summary.byStatus.active} active, ` +
      `${summary.byStatus.obsoleto} obsolete or deprecated, ${summary.byStatus.no_raro} not rare in Europe. ` +
      `List written to ${summary.file}.`,
  );
  for (const line of await directoryCodeReport(database.db)) console.log(line);
} catch (error) {
  console.error(`Import failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
