import { contentWarningOf, type ContentWarning, type ContentWarningKind } from '@juntos/domain';

/** The two columns a post, comment or gallery image keeps its warning in (db/schema/content-warning-columns.ts). */
type WarningColumns = { contentWarningKind: ContentWarningKind | null; contentWarningText: string | null };

/** The warning of a stored row, as the API answers it: null for none. */
export const storedWarning = (row: WarningColumns): ContentWarning | null =>
  row.contentWarningKind ? { kind: row.contentWarningKind, text: row.contentWarningText } : null;

/** The columns to store for a form's warning fields (both null: none). */
export function warningColumns(fields: Parameters<typeof contentWarningOf>[0]): WarningColumns {
  const warning = contentWarningOf(fields);
  return { contentWarningKind: warning?.kind ?? null, contentWarningText: warning?.text ?? null };
}
