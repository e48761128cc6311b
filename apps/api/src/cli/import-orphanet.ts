import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase, rowsOf, type Database } from '../db/database';
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

/**
 * Issue 35: the directory's entries carry ORPHA codes, which matching compares with the codes
 * members declare. After an import, the entries naming a code the nomenclature no longer lists as
 * active (obsolete, deprecated, not rare in Europe, or unknown) are listed, so an administrator
 * moves them to the current code in the directory editor, as members are asked to on their
 * profile (resources hub). Orphadata's free products hold no research projects or expert centres,
 * so the codes themselves come from the editor and the shipped directory.
 */
async function directoryCodeReport(db: Database) {
  const rows = await rowsOf<{ kind: string; name: string; code: number; status: string | null }>(
    db,
    sql`
    with named as (
      select 'research project' as kind, titulo as name, unnest(orphacodes) as code from research_projects
      union all select 'expert centre', nombre, unnest(orphacodes) from expert_centres
      union all select 'association', nombre, unnest(orphacodes) from associations
    )
    select named.kind, named.name, named.code, codes.status
    from named left join rare_disease_codes codes on codes.orphacode = named.code
    where codes.status is distinct from 'active'
    order by named.kind, named.name, named.code`,
  );
  if (rows.length === 0) return ['Every ORPHA code named in the directory is active.'];
  return [
    `${rows.length} ORPHA code(s) named in the directory are not active; change them in /admin/recursos:`,
    ...rows.map((row) => `  ${row.kind} "${row.name}": ORPHA:${row.code} (${row.status ?? 'unknown'})`),
  ];
}
