import { sql } from 'drizzle-orm';
import { check, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONTENT_WARNING_KINDS } from '@juntos/domain';

/**
 * A writer's content warning (issue 37) on a post, a comment or a gallery image: the kind, one of
 * the domain's list, and the writer's own words for "other". Both null: no warning.
 */
export const contentWarningColumns = () => ({
  contentWarningKind: text('content_warning_kind', { enum: CONTENT_WARNING_KINDS }),
  contentWarningText: text('content_warning_text'),
});

/** The database refuses a kind the domain does not know, so every stored warning can be shown. */
export const contentWarningKindCheck = (table: string, kind: AnyPgColumn) =>
  check(
    `${table}_content_warning_kind_check`,
    sql`${kind} in (${sql.raw(CONTENT_WARNING_KINDS.map((name) => `'${name}'`).join(', '))})`,
  );
