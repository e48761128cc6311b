import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberInEveryTable, type MemberInEveryTable } from '../test-support/member-in-every-table';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { rowsOf, type Database } from './database';
import {
  PERSONAL_DATA_CATALOGUE,
  UNCATALOGUED_SCHEMAS,
  type CatalogueEntry,
  type MemberColumn,
} from './personal-data-catalogue';

type Catalogue = Record<string, CatalogueEntry>;
/** A database or a transaction: the probe runs the checker inside one it rolls back. */
type Executor = Pick<Database, 'execute'>;

/**
 * Everything the database's own catalogue says that the personal-data catalogue does not answer:
 * one sentence per gap. Tables outside the application's schemas (the migrations tool's, the job
 * queue's) are left out; a table of another application schema is named `schema.table`.
 */
async function catalogueGaps(db: Executor, catalogue: Catalogue): Promise<string[]> {
  const excluded = sql.join(
    UNCATALOGUED_SCHEMAS.map((schema) => sql`${schema}`),
    sql`, `,
  );
  const columns = await rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select case when c.table_schema = current_schema() then c.table_name else c.table_schema || '.' || c.table_name end as table_name,
               c.column_name, c.data_type
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where t.table_type = 'BASE TABLE'
          and c.table_schema not in ('pg_catalog', 'information_schema')
          and c.table_schema not like all (array[${excluded}])
          and c.table_schema not like 'pg\\_%'`,
  );
  const foreignKeys = await rowsOf<{
    table_name: string;
    column_name: string;
    cascades: boolean;
    nulls: boolean;
  }>(
    db,
    sql`select case when n.nspname = current_schema() then c.relname else n.nspname || '.' || c.relname end as table_name,
               a.attname as column_name, k.confdeltype = 'c' as cascades,
               k.confdeltype = 'n' as nulls
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
        where k.contype = 'f' and k.confrelid = 'users'::regclass and array_length(k.conkey, 1) = 1`,
  );

  const gaps: string[] = [];
  const tables = new Map<string, Map<string, string>>();
  for (const column of columns) {
    const table = tables.get(column.table_name) ?? new Map<string, string>();
    table.set(column.column_name, column.data_type);
    tables.set(column.table_name, table);
  }
  for (const [table, tableColumns] of tables) {
    const entry = catalogue[table];
    if (!entry) {
      gaps.push(`${table}: not in the personal-data catalogue`);
      continue;
    }
    const memberColumns: Record<string, MemberColumn> = entry.memberColumns;
    const named = new Set([...Object.keys(memberColumns), ...Object.keys(entry.otherIdColumns ?? {})]);
    for (const [column, type] of tableColumns) {
      if (column.endsWith('_id') && !named.has(column))
        gaps.push(`${table}.${column}: an id column neither in memberColumns nor in otherIdColumns`);
      if (type === 'bytea' && !entry.withheldColumns?.[column])
        gaps.push(
          `${table}.${column}: binary, never in a copy, so it must be in withheldColumns with a reason`,
        );
    }
    const listed = [
      ...Object.keys(memberColumns),
      ...Object.keys(entry.otherIdColumns ?? {}),
      ...Object.keys(entry.withheldColumns ?? {}),
      ...(entry.fileColumns ?? []),
    ];
    for (const column of listed)
      if (!tableColumns.has(column))
        gaps.push(`${table}.${column}: in the catalogue but not in the database`);
    if (Object.keys(memberColumns).length === 0 && !entry.noPersonalData)
      gaps.push(`${table}: no member column, so noPersonalData must say why`);
    if (Object.values(memberColumns).some((column) => column.export === 'custom') && !entry.exportedBy)
      gaps.push(`${table}: a custom export needs exportedBy`);
  }
  for (const table of Object.keys(catalogue))
    if (!tables.has(table)) gaps.push(`${table}: in the catalogue but not in the database`);

  const cascading = new Map(foreignKeys.map((key) => [`${key.table_name}.${key.column_name}`, key.cascades]));
  const nulling = new Map(foreignKeys.map((key) => [`${key.table_name}.${key.column_name}`, key.nulls]));
  for (const key of foreignKeys) {
    const listed = catalogue[key.table_name]?.memberColumns[key.column_name];
    if (!listed)
      gaps.push(`${key.table_name}.${key.column_name}: refers to users(id) but is not a member column`);
  }
  for (const [table, entry] of Object.entries(catalogue))
    for (const [column, treatment] of Object.entries(entry.memberColumns))
      // users.id is the account itself: deleting the row is the erasure.
      if (treatment.erasure === 'cascade' && table !== 'users' && !cascading.get(`${table}.${column}`))
        gaps.push(`${table}.${column}: erasure 'cascade' without ON DELETE CASCADE to users(id)`);
      else if (treatment.erasure === 'nulled' && !nulling.get(`${table}.${column}`))
        gaps.push(`${table}.${column}: erasure 'nulled' without ON DELETE SET NULL to users(id)`);
  return gaps;
}

/** Thrown to roll a probe's transaction back. */
class ProbeDone extends Error {}

describe('the personal-data catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  it('answers for every table and every column of the database that names a member', async () => {
    expect(await catalogueGaps(t.app.database.db, PERSONAL_DATA_CATALOGUE)).toEqual([]);
  });

  it('fails for a table or a column added without an answer', async () => {
    // Inside a transaction that is rolled back: the suite's PostgreSQL run shares one database.
    let gaps: string[] = [];
    await t.app.database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`create table catalogue_probe (id bigint primary key, user_id bigint references users(id), thing_id bigint)`,
        );
        gaps = await catalogueGaps(tx, PERSONAL_DATA_CATALOGUE);
        throw new ProbeDone();
      })
      .catch((error: unknown) => {
        if (!(error instanceof ProbeDone)) throw error;
      });
    expect(gaps).toEqual(
      expect.arrayContaining([
        'catalogue_probe: not in the personal-data catalogue',
        'catalogue_probe.user_id: refers to users(id) but is not a member column',
      ]),
    );
    expect(await rowsOf(t.app.database.db, sql`select to_regclass('catalogue_probe') as probe`)).toEqual([
      { probe: null },
    ]);

    // A column forgotten in an existing table, a wrong cascade, a column that no longer exists.
    const { likes, comments, posts, ...rest } = PERSONAL_DATA_CATALOGUE;
    const edited: Catalogue = {
      ...rest,
      likes: { ...likes, memberColumns: {} },
      comments: { ...comments, otherIdColumns: {} },
      posts: {
        ...posts,
        memberColumns: { author_id: { export: 'rows', erasure: 'cascade' } },
        fileColumns: ['picture_key'],
      },
      reports: {
        ...rest.reports,
        memberColumns: { ...rest.reports.memberColumns, target_id: { export: 'rows', erasure: 'cascade' } },
      },
    };
    expect(await catalogueGaps(t.app.database.db, edited)).toEqual(
      expect.arrayContaining([
        'likes.user_id: an id column neither in memberColumns nor in otherIdColumns',
        'likes.user_id: refers to users(id) but is not a member column',
        'comments.content_id: an id column neither in memberColumns nor in otherIdColumns',
        'posts.picture_key: in the catalogue but not in the database',
        "reports.target_id: erasure 'cascade' without ON DELETE CASCADE to users(id)",
      ]),
    );
  });

  describe('the member with activity in every feature', () => {
    let fixture: MemberInEveryTable;
    beforeAll(async () => {
      fixture = await createMemberInEveryTable(t.app);
    });

    it('has a row in every table where a member’s rows are in their copy', async () => {
      const empty: string[] = [];
      for (const [table, entry] of Object.entries(PERSONAL_DATA_CATALOGUE)) {
        const columns = Object.entries(entry.memberColumns as Record<string, MemberColumn>);
        // A table whose member rows are all withheld (pending activation codes) has nothing to show.
        if (!columns.some(([, column]) => typeof column.export === 'string')) continue;
        const matches = sql.join(
          columns.map(([column]) => sql`${sql.identifier(column)}::text = ${String(fixture.member.id)}`),
          sql` or `,
        );
        const [found] = await rowsOf<{ count: number }>(
          t.app.database.db,
          sql`select count(*)::int as count from ${sql.identifier(table)} where ${matches}`,
        );
        if (!found?.count) empty.push(table);
      }
      expect(empty).toEqual([]);
    });
  });
});
