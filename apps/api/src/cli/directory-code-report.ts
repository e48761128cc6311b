import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/database';

/**
 * Issue 35: the directory's entries carry ORPHA codes, which matching compares with the codes
 * members declare. After an import, the entries naming a code the nomenclature no longer lists as
 * active (obsolete, deprecated, not rare in Europe, or unknown) are listed, so an administrator
 * moves them to the current code in the directory editor, as members are asked to on their
 * profile (resources hub). Orphadata's free products hold no research projects or expert centres,
 * so the codes themselves come from the editor and the shipped directory.
 */
export async function directoryCodeReport(db: Database) {
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
