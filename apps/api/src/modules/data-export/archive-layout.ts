import {
  PERSONAL_DATA_CATALOGUE,
  type CataloguedTable,
  type MemberColumn,
} from '../../db/personal-data-catalogue';
import type { ExportedRow, ExportedTable } from './data-export.repository';
import { withoutOneTimeSecrets } from './one-time-secrets';

/**
 * The JSON layout of the member's copy (docs/data-export.md): `data/<table>.json` per exported
 * table and `data/withheld.json` for everything left out, both worded from the personal-data
 * catalogue so that what the copy says about itself cannot drift from what it holds.
 */

/** Text columns whose one-time secrets (reset links, activation codes) are removed in the copy. */
const TEXTS_WITH_SECRETS: Partial<Record<CataloguedTable, string[]>> = { email_outbox: ['text_body'] };

/** Columns holding a media-store key: the copy carries the file instead. */
export const fileColumnsOf = (table: CataloguedTable): string[] => {
  const entry = PERSONAL_DATA_CATALOGUE[table];
  return 'fileColumns' in entry ? entry.fileColumns : [];
};

/** A row's name among its table's (its primary key's values), used for its files. */
export const rowName = (exported: ExportedTable, row: ExportedRow, position: number) =>
  exported.key.length ? exported.key.map((column) => String(row[column])).join('-') : String(position + 1);

/** The row as it goes into the copy: secrets removed from texts that carried them. */
export function withoutSecrets(table: CataloguedTable, row: ExportedRow): ExportedRow {
  const columns = TEXTS_WITH_SECRETS[table] ?? [];
  if (columns.length === 0) return row;
  const cleaned = { ...row };
  for (const column of columns) {
    const value = cleaned[column];
    if (typeof value === 'string') cleaned[column] = withoutOneTimeSecrets(value);
  }
  return cleaned;
}

/** `data/<table>.json`. */
export const tableDocument = (exported: ExportedTable, rows: ExportedRow[]) => ({
  table: exported.table,
  holds: PERSONAL_DATA_CATALOGUE[exported.table].holds,
  rows,
  withheld_columns: exported.withheld,
  truncated: exported.truncated,
});

/**
 * `data/withheld.json`: every column left out of the copy, and every way of finding rows about
 * the member that the copy does not follow (another person's rights, security), with the reason.
 */
export function withheldDocument(tables: ExportedTable[]) {
  const columns = tables.flatMap((exported) =>
    Object.entries(exported.withheld).map(([column, reason]) => ({ table: exported.table, column, reason })),
  );
  const rows = (Object.keys(PERSONAL_DATA_CATALOGUE) as CataloguedTable[]).flatMap((table) =>
    Object.entries(PERSONAL_DATA_CATALOGUE[table].memberColumns as Record<string, MemberColumn>).flatMap(
      ([column, treatment]) =>
        typeof treatment.export === 'object'
          ? [{ table, found_through: column, reason: treatment.export.withheld }]
          : [],
    ),
  );
  const chosenByReaders = tables.flatMap((exported) =>
    (exported.withheldRows ?? []).map((withheld) => ({ table: exported.table, ...withheld })),
  );
  return { columns, rows: [...rows, ...chosenByReaders] };
}
