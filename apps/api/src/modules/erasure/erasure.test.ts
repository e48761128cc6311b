import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogAboutMember } from '../../db/audit-log-about-member';
import { firstRowOf, rowsOf, type Database } from '../../db/database';
import { PERSONAL_DATA_CATALOGUE } from '../../db/personal-data-catalogue';
import { adminAuditLog, dataExports, emailOutbox, profiles, retainedRecords } from '../../db/schema';
import { mailFileName } from '../../lib/mailer';
import { createActiveMember, signUpThroughApi } from '../../test-support/accounts';
import { makeAdmin } from '../../test-support/admins';
import { createMemberInEveryTable, type MemberInEveryTable } from '../../test-support/member-in-every-table';
import { putProfile, completeProfile } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { deleteAccount } from '../../test-support/requests';

/**
 * Member columns that name a member only for some rows: the others hold the id of something else
 * (a post, a report) that may equal the member's id by chance.
 */
const ROWS_NAMING: Record<string, (userId: number) => SQL> = {
  // Every place an audit entry names him (its target, its details), as the export and the erasure find them.
  'admin_audit_log.target_id': (userId) => auditLogAboutMember(userId).any,
  'reports.target_id': (userId) =>
    sql`target_type in ('member', 'chat_conversation') and target_id = ${userId}`,
};

/** The places where a trace of the member is left: `table.column` (and how many rows). */
async function tracesOf(db: Pick<Database, 'execute'>, member: { id: number; values: string[] }) {
  const traces: string[] = [];
  const columns = await rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = current_schema()`,
  );
  const existing = new Set(columns.map((column) => `${column.table_name}.${column.column_name}`));
  const id = String(member.id);

  // Every member column of the catalogue holds no row of the member.
  for (const [table, entry] of Object.entries(PERSONAL_DATA_CATALOGUE)) {
    for (const column of Object.keys(entry.memberColumns)) {
      const name = `${table}.${column}`;
      if (!existing.has(name)) {
        traces.push(`${name}: in the catalogue, not in the database`);
        continue;
      }
      const naming = ROWS_NAMING[name]?.(member.id) ?? sql`${sql.identifier(column)}::text = ${id}`;
      const row = await firstRowOf<{ count: number }>(
        db,
        sql`select count(*)::int as count from ${sql.identifier(table)} where ${naming}`,
      );
      if (row?.count) traces.push(`${name}: ${row.count} rows with the member's id`);
    }
  }

  // Every text of every table holds none of the member's identifying values (retained_records is
  // checked on its own: it must hold his records, under the pseudonym).
  const textual = columns.filter(
    (column) =>
      ['text', 'character varying', 'character', 'json', 'jsonb'].includes(column.data_type) &&
      column.table_name !== 'retained_records',
  );
  for (const column of textual) {
    for (const value of member.values) {
      const row = await firstRowOf<{ count: number }>(
        db,
        sql`select count(*)::int as count from ${sql.identifier(column.table_name)}
            where strpos(lower(${sql.identifier(column.column_name)}::text), lower(${value})) > 0`,
      );
      if (row?.count)
        traces.push(`${column.table_name}.${column.column_name}: ${row.count} rows hold "${value}"`);
    }
  }
  return traces;
}

/** Thrown to roll a probe's transaction back. */
class ProbeDone extends Error {}

/** The database's own message when it refuses a statement (Drizzle wraps it as the cause). */
async function refusalOf(statement: PromiseLike<unknown>) {
  try {
    await statement;
  } catch (error) {
    return error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  }
  return 'accepted';
}

async function waitForReadyExport(t: TestApp, access: string) {
  const headers = { authorization: `Bearer ${access}` };
  const asked = await t.app.inject({ method: 'POST', url: '/api/mis-datos/exportacion/', headers });
  expect(asked.statusCode).toBeLessThan(300);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const state = (await t.app.inject({ method: 'GET', url: '/api/mis-datos/exportacion/', headers })).json<{
      export: { status: string } | null;
    }>().export;
    if (state?.status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export did not become ready');
}

describe('account erasure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  describe('of a member with activity in every feature', () => {
    let fixture: MemberInEveryTable;
    let surname: string;
    let friendsExportId: number | undefined;
    let mediaFolder: string;

    beforeAll(async () => {
      fixture = await createMemberInEveryTable(t.app);
      const { member, others } = fixture;
      const db = t.app.database.db;
      // A surname of his own: the suite's PostgreSQL run shares one database with other tests'
      // members of the same fixture name. Saved before the steps below, which copy it.
      surname = `Quillfeather${member.id}x${Date.now()}`;
      const renamed = await putProfile(
        t.app,
        member.access,
        completeProfile({ nombre: 'Marta', apellidos: surname }),
      );
      expect(renamed.statusCode).toBe(200);

      // An operator rejects his withdrawal with a reason that names him (free text, in the audit log).
      const rejected = await t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${fixture.ids.withdrawal}/status/`,
        headers: { authorization: `Bearer ${others.admin.access}` },
        payload: { status: 'rejected', reason: `The PayPal account is not ${surname}'s` },
      });
      expect(rejected.statusCode).toBe(200);

      // As an administrator, he suspends and reactivates another member (entries under his name).
      await makeAdmin(t.app, member.id);
      for (const action of ['suspend', 'reactivate'])
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: `/api/admin/members/${others.reporter.user.id}/${action}/`,
              headers: { authorization: `Bearer ${member.access}` },
            })
          ).statusCode,
        ).toBe(200);

      // His friend's copy of her data, made while he was still there, names him.
      await waitForReadyExport(t, others.friend.access);
      [friendsExportId] = (
        await db
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(eq(dataExports.userId, others.friend.user.id))
      ).map((row) => row.id);

      // A message to his address not linked to his account (as an address typed in a form).
      await db.insert(emailOutbox).values({
        recipient: member.email.toUpperCase(),
        subject: 'Hello',
        textBody: 'Hello',
        htmlBody: '<p>Hello</p>',
      });

      mediaFolder = path.join(t.config.paths.media, 'users', String(member.id));
      mkdirSync(mediaFolder, { recursive: true });
      writeFileSync(path.join(mediaFolder, 'left-over.webp'), 'image bytes');

      const deleted = await deleteAccount(t.app, member);
      expect(deleted.statusCode).toBe(200);
    }, 600_000); // a hang guard: a member in every table takes minutes to build beside another suite

    it('leaves no row with his id, e-mail, phone or name, anywhere', async () => {
      const { member } = fixture;
      const values = [member.email, member.phone, surname];
      // The fixture's own name is only his on a database of this test alone (PGlite).
      if (!process.env.DATABASE_URL) values.push(member.name.split(' ').slice(1).join(' '));
      expect(await tracesOf(t.app.database.db, { id: member.id, values })).toEqual([]);
    });

    it('would find a table added later that copies his address, without the test changing', async () => {
      const { member } = fixture;
      // Inside a transaction that is rolled back: the suite's PostgreSQL run shares one database.
      let traces: string[] = [];
      await t.app.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`create table erasure_probe (recipient text)`);
          await tx.execute(sql`insert into erasure_probe values (${member.email})`);
          traces = await tracesOf(tx, { id: member.id, values: [member.email] });
          throw new ProbeDone();
        })
        .catch((error: unknown) => {
          if (!(error instanceof ProbeDone)) throw error;
        });
      expect(traces).toEqual([`erasure_probe.recipient: 1 rows hold "${member.email}"`]);
    });

    it('keeps his consents and withdrawal under a pseudonym, without anything that names him', async () => {
      const { member } = fixture;
      const pseudonyms = await t.app.database.db
        .select({ pseudonym: sql<string>`${adminAuditLog.targetId}` })
        .from(adminAuditLog)
        .where(
          and(
            eq(adminAuditLog.adminId, fixture.others.admin.user.id),
            eq(adminAuditLog.action, 'member.reactivate'),
          ),
        )
        .then((rows) => rows.map((row) => row.pseudonym).filter((target) => target.startsWith('erased:')));
      expect(pseudonyms).toHaveLength(1);
      const pseudonym = pseudonyms[0]?.slice('erased:'.length) ?? '';
      const kept = await t.app.database.db
        .select()
        .from(retainedRecords)
        .where(eq(retainedRecords.pseudonym, pseudonym));
      const kinds = kept.map((row) => row.kind).sort();
      expect(kinds).toContain('consent');
      expect(kinds).toContain('monetization_consent');
      expect(kinds).toContain('withdrawal');
      const withdrawal = kept.find((row) => row.kind === 'withdrawal');
      expect(Object.keys(withdrawal?.data ?? {}).sort()).toEqual([
        'method',
        'payout_reference',
        'status',
        'token_tenths',
        'updated_at',
      ]);
      expect(withdrawal?.data).toMatchObject({ token_tenths: 1000, status: 'rejected' });
      const consent = kept.find((row) => row.kind === 'consent');
      expect(consent?.data).toMatchObject({ policy_version: expect.any(String) });
      expect(consent?.retainUntil.getTime()).toBeGreaterThan(Date.now() + 1000 * 24 * 60 * 60 * 1000);
      const text = JSON.stringify(kept);
      for (const value of [member.email, member.phone, surname, 'Everywhere'])
        expect(text).not.toContain(value);
      // No account id of any kind (a user_id, an author_id) rides along in the kept data.
      expect(kept.flatMap((row) => Object.keys(row.data)).filter((key) => key.endsWith('_id'))).toEqual([]);
    });

    it('pseudonymises the audit entries about him and those he made as an administrator', async () => {
      const { member, others, ids } = fixture;
      const db = t.app.database.db;
      const about = await db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetType, 'member'), sql`${adminAuditLog.targetId} like 'erased:%'`));
      const pseudonymised = about.filter((entry) => entry.adminId === others.admin.user.id);
      // His appointment as a community moderator, his confirmations as an association's and a
      // research project's representative (issue 35), the suspension (from the report about
      // him) and the reactivation stay, without his id.
      expect(pseudonymised.map((entry) => entry.action).sort()).toEqual([
        'community.moderator_appoint',
        'member.reactivate',
        'member.suspend',
        'representative.confirm',
        'representative.confirm',
      ]);
      const erased = pseudonymised[0]?.targetId;
      const hidden = await db
        .select()
        .from(adminAuditLog)
        .where(
          and(eq(adminAuditLog.action, 'content.hide'), eq(adminAuditLog.targetId, String(ids.hiddenPost))),
        );
      expect(hidden.map((entry) => entry.details.author_id)).toEqual([erased]);
      const dismissed = await db
        .select()
        .from(adminAuditLog)
        .where(
          and(
            eq(adminAuditLog.action, 'report.dismiss'),
            eq(adminAuditLog.targetId, String(ids.reports.aboutConversation)),
          ),
        );
      const payout = await db
        .select()
        .from(adminAuditLog)
        .where(
          and(eq(adminAuditLog.targetType, 'withdrawal'), eq(adminAuditLog.action, 'withdrawal.rejected')),
        )
        .then((entries) => entries.filter((entry) => entry.targetId === erased));
      expect(payout.map((entry) => entry.details)).toEqual([{}]);
      expect(dismissed.map((entry) => entry.details)).toEqual([
        { target_type: 'chat_conversation', target_id: erased },
      ]);
      const his = await db
        .select()
        .from(adminAuditLog)
        .where(
          and(
            eq(adminAuditLog.targetType, 'member'),
            eq(adminAuditLog.targetId, String(others.reporter.user.id)),
          ),
        );
      expect(his.map((entry) => [entry.adminId, entry.adminEmail])).toEqual([
        [0, erased],
        [0, erased],
      ]);
      expect(erased).toMatch(/^erased:[0-9a-f-]{36}$/);
      expect(JSON.stringify([...about, ...hidden, ...his])).not.toContain(member.email);
    });

    it('keeps the reports about him pseudonymised, deletes his own, another member’s copy that named him, and his files', async () => {
      const { ids, others } = fixture;
      // Decision 0032: reports about him are evidence (GDPR Art. 17(3)(e)); the one he sent goes.
      const reports = await rowsOf<{
        id: number;
        target_id: number | null;
        subject_label: string | null;
        author_id: string | null;
        author_label: string | null;
      }>(
        t.app.database.db,
        sql`select id, target_id, subject_label, snapshot ->> 'author_id' as author_id,
                   snapshot ->> 'author_label' as author_label
            from reports where id in (${ids.reports.aboutPost}, ${ids.reports.aboutConversation}, ${ids.reports.aboutMember}, ${ids.reports.sent})
            order by id`,
      );
      expect(reports.map((report) => Number(report.id))).toEqual(
        [ids.reports.aboutPost, ids.reports.aboutConversation, ids.reports.aboutMember].sort((a, b) => a - b),
      );
      const [label] = new Set(reports.map((report) => report.subject_label));
      expect(label).toMatch(/^[0-9a-f]{12}$/);
      for (const report of reports) {
        expect(report).toMatchObject({ subject_label: label, author_id: null, author_label: label });
        if (Number(report.id) !== ids.reports.aboutPost) expect(report.target_id).toBeNull();
      }
      expect(friendsExportId).toBeDefined();
      expect(
        await t.app.database.db
          .select()
          .from(dataExports)
          .where(eq(dataExports.userId, others.friend.user.id)),
      ).toEqual([]);
      expect(existsSync(mediaFolder)).toBe(false);
      // The others are still there.
      expect(
        await t.app.database.db
          .select({ id: profiles.userId })
          .from(profiles)
          .where(eq(profiles.userId, others.friend.user.id)),
      ).toHaveLength(1);
    });
  });

  /** Erases a member through the API, as the member does on their profile. */
  async function erase(member: { access: string; password: string }) {
    const deleted = await deleteAccount(t.app, member);
    expect(deleted.statusCode).toBe(200);
  }

  it('deletes the copy of an administrator who decided about him', async () => {
    const admin = await createActiveMember(t.app);
    const member = await createActiveMember(t.app);
    await makeAdmin(t.app, admin.user.id);
    for (const action of ['suspend', 'reactivate'])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/admin/members/${member.user.id}/${action}/`,
            headers: { authorization: `Bearer ${admin.access}` },
          })
        ).statusCode,
      ).toBe(200);
    // Her copy holds her decisions, with his id as their target.
    await waitForReadyExport(t, admin.access);
    // The suspension ended his sessions (issue 32, point 7): he signs in again to delete his account.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: member.email, password: member.password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    await erase({ ...member, access: signedIn.json<{ access: string }>().access });
    expect(
      await t.app.database.db.select().from(dataExports).where(eq(dataExports.userId, admin.user.id)),
    ).toEqual([]);
  });

  it('deletes the e-mail files written for him without an SMTP server, and no one else’s', async () => {
    const mailDir = t.config.paths.mail;
    const holding = (address: string) =>
      readdirSync(mailDir).filter((name) =>
        readFileSync(path.join(mailDir, name), 'utf8').toLowerCase().includes(address.toLowerCase()),
      );
    const member = await signUpThroughApi(t.app);
    const other = await signUpThroughApi(t.app);
    for (const email of [member.email, other.email])
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/request-reset/', payload: { email } }))
          .statusCode,
      ).toBe(200);
    // A message to his address not linked to his account, as the mailer would have written it.
    const [loose] = await t.app.database.db
      .insert(emailOutbox)
      .values({ recipient: member.email, subject: 'Hello', textBody: 'Hello', htmlBody: '<p>Hello</p>' })
      .returning({ id: emailOutbox.id });
    writeFileSync(
      path.join(mailDir, mailFileName(loose?.id ?? 0, new Date())),
      `To: ${member.email}\n\nHello\n`,
    );
    // Activation code, reset link and the loose message.
    expect(holding(member.email)).toHaveLength(3);
    const othersFiles = holding(other.email);
    expect(othersFiles).toHaveLength(2);

    await erase(member);
    expect(holding(member.email)).toEqual([]);
    expect(holding(other.email)).toEqual(othersFiles);
  });

  it('keeps the audit log append-only outside the privacy maintenance', async () => {
    const db = t.app.database.db;
    const [entry] = await db
      .insert(adminAuditLog)
      .values({
        adminId: 1,
        adminEmail: 'probe@example.org',
        action: 'probe',
        targetType: 'probe',
        targetId: '1',
      })
      .returning({ id: adminAuditLog.id });
    const id = entry?.id ?? 0;
    expect(
      await refusalOf(db.update(adminAuditLog).set({ targetId: '2' }).where(eq(adminAuditLog.id, id))),
    ).toMatch(/append-only/);
    expect(await refusalOf(db.delete(adminAuditLog).where(eq(adminAuditLog.id, id)))).toMatch(/append-only/);
    // The setting holds for its own transaction only, never for the next statement.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('juntos.privacy_maintenance', 'on', true)`);
      await tx.update(adminAuditLog).set({ targetId: '2' }).where(eq(adminAuditLog.id, id));
    });
    expect(await refusalOf(db.delete(adminAuditLog).where(eq(adminAuditLog.id, id)))).toMatch(/append-only/);
    const [kept] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.id, id));
    expect(kept?.targetId).toBe('2');
    // The suite's PostgreSQL run shares the database: the probe leaves as it came.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('juntos.privacy_maintenance', 'on', true)`);
      await tx.delete(adminAuditLog).where(eq(adminAuditLog.id, id));
    });
  });
});
