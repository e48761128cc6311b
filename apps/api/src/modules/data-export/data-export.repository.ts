import { and, desc, eq, gte, ne, sql, type SQL } from 'drizzle-orm';
import { shownTo } from '../../db/chat-conversations';
import { auditLogAboutMember } from '../../db/audit-log-about-member';
import { rowsOf, type Database } from '../../db/database';
import {
  PERSONAL_DATA_CATALOGUE,
  type CataloguedTable,
  type MemberColumn,
} from '../../db/personal-data-catalogue';
import { mayReach } from '../../db/safeguarding';
import { adminAuditLog, blocks, dataExports, friendships, profiles } from '../../db/schema';

/**
 * A ceiling per table, so one export (built in memory, two at a time) never reads without bound.
 * Chat messages are the rows that grow fastest; they are kept RETENTION_DAYS.chatMessage (180)
 * after sending, so reaching the ceiling takes about 555 messages sent and received every day for
 * half a year, far above real use. It is a ceiling, not a promise: a friend scripting messages at
 * the send limit (20 per 10 s) could pass it in a day, and the copy then holds the oldest 100,000
 * (marked `truncated`; the moderators still have every one).
 */
export const EXPORT_ROWS_PER_TABLE = 100_000;

/** One row of the member's copy as the database turned it into JSON (`to_json`). */
export type ExportedRow = Record<string, unknown>;
export type ExportedTable = {
  table: CataloguedTable;
  rows: ExportedRow[];
  /** The primary key's columns (a row's name for its files), or none. */
  key: string[];
  /** Columns the database has but the copy leaves out, with the reason. */
  withheld: Record<string, string>;
  /** Rows about the member that the copy leaves out, beyond the catalogue's: how found and why. */
  withheldRows?: { found_through: string; reason: string }[];
  /** True when the table held more of the member's rows than EXPORT_ROWS_PER_TABLE. */
  truncated: boolean;
};

type TableShape = { columns: { name: string; type: string }[]; key: string[] };

/** Why the acting administrator is left out of a decision about the member (Art. 15(4)). */
export const DECIDING_ADMINISTRATOR_WITHHELD =
  'in decisions about you, which administrator took them: another person’s data (Art. 15(4)); your own actions as an administrator keep them';

/** What a decision taken from a report says about that report (the moderation routes' details). */
const REPORT_TRACES = ['report_id', 'target_type', 'target_id', 'reports_closed'] as const;
const REPORT_WITHHELD =
  'in decisions about you taken from a report, which report it was and what it was about: the report is another person’s (Art. 15(4)); the decision itself is here';
const DISMISSED_REPORT_WITHHELD =
  'a report about you or your conversation that the moderators dismissed: nothing was decided against you, and the report is another person’s (Art. 15(4))';

const column = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
const otherName = (otherId: SQL) =>
  sql<string>`(select ${profiles.nombre} || ' ' || ${profiles.apellidos} from ${profiles} where ${profiles.userId} = ${otherId})`;

/**
 * Columns the copy adds to some tables, computed for the member reading it. Names of other members
 * follow the rules the product shows them by: a friend's name only while the safeguarding rule
 * lets the member reach them (`mayReach`: no block, suspension or age group between them); the
 * name of a member they blocked, as their block list shows it.
 */
const COMPUTED_COLUMNS: Partial<Record<CataloguedTable, (userId: number) => Record<string, SQL>>> = {
  // Messages hidden by "delete my messages" (sign-out) are still stored, so they are in the copy.
  chat_messages: (userId) => ({ hidden_for_you: sql`not (${shownTo(userId)})` }),
  friendships: (userId) => {
    const friendId = sql`case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
    return {
      other_member_name: sql`case when ${mayReach(userId, friendId)} then ${otherName(friendId)} end`,
    };
  },
  blocks: () => ({ blocked_member_name: otherName(sql`${blocks.blockedId}`) }),
};

/**
 * The member's rows of the tables the personal-data catalogue exports, read from the database's
 * own list of columns so that a new column is in the copy without a change here. One statement
 * per table (rows of any of its exported member columns), bounded and in primary-key order.
 */
export function createDataExportRepository(db: Database) {
  // The schema changes only with a migration, at start-up: read once per process.
  let shapes: Promise<Map<string, TableShape>> | undefined;
  const tableShapes = () =>
    (shapes ??= rowsOf<{
      table_name: string;
      column_name: string;
      data_type: string;
      key_position: number | null;
    }>(
      db,
      sql`select c.table_name, c.column_name, c.data_type, k.ordinal_position as key_position
          from information_schema.columns c
          left join information_schema.table_constraints p
            on p.table_schema = c.table_schema and p.table_name = c.table_name and p.constraint_type = 'PRIMARY KEY'
          left join information_schema.key_column_usage k
            on k.constraint_schema = p.constraint_schema and k.constraint_name = p.constraint_name
           and k.table_name = c.table_name and k.column_name = c.column_name
          where c.table_schema = current_schema()
          order by c.table_name, c.ordinal_position`,
    ).then((rows) => {
      const found = new Map<string, TableShape>();
      for (const row of rows) {
        const shape = found.get(row.table_name) ?? { columns: [], key: [] };
        shape.columns.push({ name: row.column_name, type: row.data_type });
        if (row.key_position !== null) shape.key[Number(row.key_position) - 1] = row.column_name;
        found.set(row.table_name, shape);
      }
      return found;
    })).catch((error: unknown) => {
      shapes = undefined;
      throw error;
    });

  /** The member's rows of one table, found through its exported member columns. */
  async function rowsOfTable(
    table: CataloguedTable,
    userId: number,
    shape: TableShape,
  ): Promise<ExportedTable> {
    const entry = PERSONAL_DATA_CATALOGUE[table];
    const memberColumns: Record<string, MemberColumn> = entry.memberColumns;
    const withheld: Record<string, string> = { ...('withheldColumns' in entry ? entry.withheldColumns : {}) };
    // Binary columns are never in a copy (the catalogue test makes each one state why).
    for (const { name, type } of shape.columns) if (type === 'bytea') withheld[name] ??= 'binary data';
    const exported = shape.columns.filter(({ name }) => !(name in withheld)).map(({ name }) => name);
    const through = Object.entries(memberColumns)
      .filter(([, treatment]) => treatment.export === 'rows')
      .map(([name]) => sql`${column(table, name)} = ${userId}`);
    const selected = [
      ...exported.map((name) => column(table, name)),
      ...Object.entries(COMPUTED_COLUMNS[table]?.(userId) ?? {}).map(
        ([name, value]) => sql`${value} as ${sql.identifier(name)}`,
      ),
    ];
    const order = shape.key.length ? shape.key : exported;
    const rows = await rowsOf<{ exported: ExportedRow }>(
      db,
      sql`select to_json(r) as exported from (
            select ${sql.join(selected, sql`, `)} from ${sql.identifier(table)}
            where ${sql.join(through, sql` or `)}
            order by ${sql.join(
              order.map((name) => column(table, name)),
              sql`, `,
            )}
            limit ${EXPORT_ROWS_PER_TABLE + 1}) r`,
    );
    return {
      table,
      rows: rows.slice(0, EXPORT_ROWS_PER_TABLE).map((row) => row.exported),
      key: shape.key,
      withheld,
      truncated: rows.length > EXPORT_ROWS_PER_TABLE,
    };
  }

  /**
   * The audit log's entries about the member (the catalogue's `exportedBy`): what they did as an
   * administrator, and the decisions about them and their content (`auditLogAboutMember`). A
   * dismissed report about them is left out, and a decision taken from a report loses the
   * report's traces: the report itself is withheld (the reporter is protected, Art. 15(4)), and a
   * dismissal decided nothing against them.
   */
  async function auditEntries(userId: number, shape: TableShape): Promise<ExportedTable> {
    const table = 'admin_audit_log';
    const own = sql`${adminAuditLog.adminId} = ${userId}`;
    // Fixed keys of this file, never input: spelt into the statement as a text[] literal.
    const reportTraces = sql.raw(`array[${REPORT_TRACES.map((key) => `'${key}'`).join(', ')}]`);
    const selected = shape.columns
      .filter(({ type }) => type !== 'bytea')
      .map(({ name }) => {
        if (name === 'admin_id' || name === 'admin_email')
          return sql`case when ${own} then ${column(table, name)} end as ${sql.identifier(name)}`;
        if (name === 'details')
          return sql`case when ${own} then ${adminAuditLog.details} else ${adminAuditLog.details} - ${reportTraces} end as details`;
        return column(table, name);
      });
    const rows = await rowsOf<{ exported: ExportedRow }>(
      db,
      sql`select to_json(r) as exported from (
            select ${sql.join(selected, sql`, `)} from ${adminAuditLog}
            where ${own} or (${auditLogAboutMember(userId).any} and ${adminAuditLog.action} <> 'report.dismiss')
            order by ${adminAuditLog.id}
            limit ${EXPORT_ROWS_PER_TABLE + 1}) r`,
    );
    return {
      table,
      rows: rows.slice(0, EXPORT_ROWS_PER_TABLE).map((row) => row.exported),
      key: shape.key,
      withheld: {
        admin_id: DECIDING_ADMINISTRATOR_WITHHELD,
        admin_email: DECIDING_ADMINISTRATOR_WITHHELD,
        ...Object.fromEntries(REPORT_TRACES.map((key) => [`details.${key}`, REPORT_WITHHELD])),
      },
      withheldRows: [{ found_through: 'details.target_id', reason: DISMISSED_REPORT_WITHHELD }],
      truncated: rows.length > EXPORT_ROWS_PER_TABLE,
    };
  }

  /** The tables whose catalogue entry says `custom`: how their rows are chosen is their own. */
  const customReaders: Partial<
    Record<CataloguedTable, (userId: number, shape: TableShape) => Promise<ExportedTable>>
  > = { admin_audit_log: auditEntries };

  return {
    /** Every exported table of the catalogue, in its order, with the member's rows. */
    async collect(userId: number): Promise<ExportedTable[]> {
      const known = await tableShapes();
      const tables: ExportedTable[] = [];
      for (const table of Object.keys(PERSONAL_DATA_CATALOGUE) as CataloguedTable[]) {
        const treatments = Object.values(
          PERSONAL_DATA_CATALOGUE[table].memberColumns as Record<string, MemberColumn>,
        );
        const shape = known.get(table);
        if (!shape) throw new Error(`${table}: in the personal-data catalogue but not in the database`);
        if (treatments.some((treatment) => treatment.export === 'custom')) {
          const reader = customReaders[table];
          if (!reader) throw new Error(`${table}: a custom export without a reader`);
          tables.push(await reader(userId, shape));
        } else if (treatments.some((treatment) => treatment.export === 'rows'))
          tables.push(await rowsOfTable(table, userId, shape));
      }
      return tables;
    },

    /** The member's newest copy made since `keptSince` (older ones have expired). */
    async latest(userId: number, keptSince: Date) {
      const [row] = await db
        .select({
          id: dataExports.id,
          status: dataExports.status,
          sizeBytes: dataExports.sizeBytes,
          createdAt: dataExports.createdAt,
          readyAt: dataExports.readyAt,
        })
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), gte(dataExports.createdAt, keptSince)))
        .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
        .limit(1);
      return row;
    },

    /**
     * Starts a new export, replacing the member's finished ones; undefined when another request
     * started one meanwhile (the partial unique index allows one in preparation per member).
     */
    start: (userId: number) =>
      db.transaction(async (tx) => {
        await tx
          .delete(dataExports)
          .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'preparing')));
        const [row] = await tx
          .insert(dataExports)
          .values({ userId })
          .onConflictDoNothing()
          .returning({ id: dataExports.id, status: dataExports.status, createdAt: dataExports.createdAt });
        return row;
      }),

    /** Stores the ZIP; false when the copy was removed meanwhile (account deleted, expired). */
    async finish(id: number, archive: Buffer) {
      const updated = await db
        .update(dataExports)
        .set({ status: 'ready', archive, sizeBytes: archive.length, readyAt: new Date() })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'preparing')))
        .returning({ id: dataExports.id });
      return updated.length > 0;
    },

    fail: (id: number) => db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id)),

    async archive(userId: number, id: number, keptSince: Date) {
      const [row] = await db
        .select({ archive: dataExports.archive, createdAt: dataExports.createdAt })
        .from(dataExports)
        .where(
          and(
            eq(dataExports.id, id),
            eq(dataExports.userId, userId),
            eq(dataExports.status, 'ready'),
            gte(dataExports.createdAt, keptSince),
          ),
        )
        .limit(1);
      return row?.archive ? { archive: row.archive, createdAt: row.createdAt } : undefined;
    },
  };
}

export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
