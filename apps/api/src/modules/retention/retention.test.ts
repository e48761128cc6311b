import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS, RETENTION_DAYS } from '@juntos/domain';
import { openDatabase, type Database } from '../../db/database';
import {
  activationCodes,
  adminAuditLog,
  appSettings,
  chatMessages,
  dataExports,
  emailOutbox,
  passwordResetTokens,
  refreshTokens,
  reports,
  retainedRecords,
  users,
} from '../../db/schema';
import { migrationLevel } from '../../cli/migration-level';
import { runRetentionCommand } from '../../cli/retention-command';
import { loadConfig } from '../../config';
import { adultPayload, createActiveMember } from '../../test-support/accounts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { EXPORT_STALE_MS } from '../data-export';
import { createErasureRepository, createErasureService } from '../erasure';
import {
  createRetentionRepository,
  RETENTION_LEASE_KEY,
  type RetentionRepository,
} from './retention.repository';
import { createRetentionTimer } from './retention.schedule';
import { createRetentionService, RETENTION_BATCH, type RetentionOutcome } from './retention.service';

const MINUTE_MS = 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const apiRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Waits for `check` to hold, reading the database only: no request reaches the app meanwhile. The
 * bound is generous: on a busy machine a 100 ms schedule can be seconds late, and a pass ends the wait.
 */
async function eventually(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Not so within ${timeoutMs} ms`);
}

/** Which of `ids` are still stored in `table`. */
async function present(db: Database, table: PgTable, key: PgColumn, ids: number[]) {
  const rows = await db.select({ key }).from(table).where(inArray(key, ids));
  return new Set(rows.map((row) => Number(row.key)));
}

/** A logger that keeps what it is given, for tests of what the job logs. */
function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: unknown, message?: string) =>
    void lines.push(
      typeof fields === 'string'
        ? { level, fields: {}, message: fields }
        : { level, fields: fields as Record<string, unknown>, message: message ?? '' },
    );
  return { lines, error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

/** The erasure as the server wires it, without sockets or files to close. */
const erasureFor = (t: TestApp) =>
  createErasureService({
    repository: createErasureRepository(t.app.database.db),
    mediaStore: { deleteOwnerFiles: async () => undefined },
    forgetEmails: async () => 0,
    endLiveSessions: async () => undefined,
    log: t.app.log,
  });

const retentionFor = (
  t: TestApp,
  repository: RetentionRepository = createRetentionRepository(t.app.database.db),
  log: Pick<FastifyBaseLogger, 'error'> = t.app.log,
) =>
  createRetentionService({
    repository,
    eraseAccount: (userId) => erasureFor(t).erase(userId),
    abandonedExportAfterMs: EXPORT_STALE_MS,
    mailDir: t.config.paths.mail,
    log,
    holder: `test-${randomUUID()}`,
  });

/**
 * One pass now. On the suite's shared PostgreSQL another test file's app may be in a pass for a
 * moment (the lease is database-wide), so a skipped pass is tried again.
 */
async function passNow(service: ReturnType<typeof createRetentionService>): Promise<RetentionOutcome> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const counts = await service.runPass();
    if (counts) return counts;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The retention lease never came free');
}

/** Issue 24 point 3: retention that runs by itself, one instance at a time, and on demand. */
describe('retention job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  const exportRow = async (userId: number, createdAt: Date, status: 'ready' | 'preparing' = 'ready') => {
    const [row] = await t.app.database.db
      .insert(dataExports)
      .values({ userId, status, createdAt, archive: Buffer.from('zip'), sizeBytes: 3 })
      .returning({ id: dataExports.id });
    return row!.id;
  };
  const chatMessage = async (senderId: number, receiverId: number, createdAt: Date) => {
    const [row] = await t.app.database.db
      .insert(chatMessages)
      .values({ senderId, receiverId, message: 'hello', createdAt })
      .returning({ id: chatMessages.id });
    return row!.id;
  };

  it('purges each kind past its period and keeps the same kind just inside it', async () => {
    const { db } = t.app.database;
    const [ana, bruno, carla] = [
      await createActiveMember(t.app),
      await createActiveMember(t.app),
      await createActiveMember(t.app),
    ];
    const anaId = ana.user.id;
    const inside = (days: number) => daysAgo(days - 1);
    const past = (days: number) => daysAgo(days + 1);

    const exports = [
      await exportRow(anaId, past(RETENTION_DAYS.exportArchive)),
      await exportRow(anaId, inside(RETENTION_DAYS.exportArchive)),
    ];
    const abandoned = [
      await exportRow(bruno.user.id, new Date(Date.now() - EXPORT_STALE_MS - MINUTE_MS), 'preparing'),
      await exportRow(carla.user.id, new Date(Date.now() - MINUTE_MS), 'preparing'),
    ];
    const messages = [
      await chatMessage(anaId, bruno.user.id, past(RETENTION_DAYS.chatMessage)),
      await chatMessage(bruno.user.id, anaId, inside(RETENTION_DAYS.chatMessage)),
    ];
    const emails = (
      await db
        .insert(emailOutbox)
        .values(
          [past, inside].map((when) => ({
            userId: anaId,
            recipient: ana.email,
            subject: 'Your code',
            textBody: 'text',
            htmlBody: '<p>text</p>',
            createdAt: when(RETENTION_DAYS.sentEmail),
          })),
        )
        .returning({ id: emailOutbox.id })
    ).map((row) => row.id);
    mkdirSync(t.config.paths.mail, { recursive: true });
    const oldFile = `old-${randomUUID()}.eml`;
    const newFile = `new-${randomUUID()}.eml`;
    for (const [name, when] of [
      [oldFile, past(RETENTION_DAYS.sentEmail)],
      [newFile, inside(RETENTION_DAYS.sentEmail)],
    ] as const) {
      writeFileSync(path.join(t.config.paths.mail, name), 'To: someone');
      utimesSync(path.join(t.config.paths.mail, name), when, when);
    }
    const token = () => randomUUID();
    const future = new Date(Date.now() + DAY_MS);
    const sessions = (
      await db
        .insert(refreshTokens)
        .values([
          // Expired past the period; ended (revoked) past it; expired inside it; still live.
          {
            userId: anaId,
            familyId: randomUUID(),
            tokenHash: token(),
            expiresAt: past(RETENTION_DAYS.endedSession),
          },
          {
            userId: anaId,
            familyId: randomUUID(),
            tokenHash: token(),
            expiresAt: future,
            revokedAt: past(RETENTION_DAYS.endedSession),
          },
          {
            userId: anaId,
            familyId: randomUUID(),
            tokenHash: token(),
            expiresAt: inside(RETENTION_DAYS.endedSession),
          },
          { userId: anaId, familyId: randomUUID(), tokenHash: token(), expiresAt: future },
        ])
        .returning({ id: refreshTokens.id })
    ).map((row) => row.id);
    const resets = (
      await db
        .insert(passwordResetTokens)
        .values([
          { userId: anaId, tokenHash: token(), expiresAt: past(RETENTION_DAYS.endedSession) },
          {
            userId: anaId,
            tokenHash: token(),
            expiresAt: inside(RETENTION_DAYS.endedSession),
            usedAt: past(RETENTION_DAYS.endedSession),
          },
          { userId: anaId, tokenHash: token(), expiresAt: inside(RETENTION_DAYS.endedSession) },
        ])
        .returning({ id: passwordResetTokens.id })
    ).map((row) => row.id);
    await db.insert(activationCodes).values([
      { userId: anaId, codeHash: 'x', expiresAt: past(RETENTION_DAYS.endedSession) },
      { userId: bruno.user.id, codeHash: 'x', expiresAt: inside(RETENTION_DAYS.endedSession) },
    ]);
    const report = (resolvedAt: Date | null) => ({
      reporterId: bruno.user.id,
      targetType: 'member' as const,
      targetId: anaId,
      reason: 'spam',
      status: resolvedAt ? ('resolved' as const) : ('open' as const),
      outcome: resolvedAt ? ('dismissed' as const) : null,
      resolvedAt,
      createdAt: daysAgo(RETENTION_DAYS.resolvedReport + 30),
    });
    const reportIds = (
      await db
        .insert(reports)
        .values([
          report(past(RETENTION_DAYS.resolvedReport)),
          report(inside(RETENTION_DAYS.resolvedReport)),
          // Open, however old: the moderators have not looked at it yet.
          report(null),
        ])
        .returning({ id: reports.id })
    ).map((row) => row.id);
    const auditIds = (
      await db
        .insert(adminAuditLog)
        .values(
          [past, inside].map((when) => ({
            adminId: carla.user.id,
            adminEmail: carla.email,
            action: 'user.suspend',
            targetType: 'user',
            targetId: String(anaId),
            createdAt: when(RETENTION_DAYS.auditEntry),
          })),
        )
        .returning({ id: adminAuditLog.id })
    ).map((row) => row.id);
    const retainedIds = (
      await db
        .insert(retainedRecords)
        .values(
          [new Date(Date.now() - MINUTE_MS), future].map((retainUntil) => ({
            pseudonym: randomUUID(),
            kind: 'consent' as const,
            data: { policy_version: '1' },
            recordedAt: daysAgo(400),
            retainUntil,
          })),
        )
        .returning({ id: retainedRecords.id })
    ).map((row) => row.id);

    const { purged, failed } = await passNow(retentionFor(t));

    // Other test files share PostgreSQL in CI: their expired rows may be counted too.
    expect(failed).toEqual([]);
    const { unactivatedAccounts, ...rowsAndFiles } = purged;
    expect(unactivatedAccounts).toBeGreaterThanOrEqual(0);
    for (const count of Object.values(rowsAndFiles)) expect(count).toBeGreaterThanOrEqual(1);
    expect(await present(db, dataExports, dataExports.id, exports)).toEqual(new Set([exports[1]]));
    const states = await db
      .select({ id: dataExports.id, status: dataExports.status })
      .from(dataExports)
      .where(inArray(dataExports.id, abandoned));
    expect(Object.fromEntries(states.map((row) => [row.id, row.status]))).toEqual({
      [abandoned[0]!]: 'failed',
      [abandoned[1]!]: 'preparing',
    });
    expect(await present(db, chatMessages, chatMessages.id, messages)).toEqual(new Set([messages[1]]));
    expect(await present(db, emailOutbox, emailOutbox.id, emails)).toEqual(new Set([emails[1]]));
    const files = readdirSync(t.config.paths.mail);
    expect(files).not.toContain(oldFile);
    expect(files).toContain(newFile);
    expect(await present(db, refreshTokens, refreshTokens.id, sessions)).toEqual(
      new Set([sessions[2], sessions[3]]),
    );
    expect(await present(db, passwordResetTokens, passwordResetTokens.id, resets)).toEqual(
      new Set([resets[2]]),
    );
    expect(await present(db, activationCodes, activationCodes.userId, [anaId, bruno.user.id])).toEqual(
      new Set([bruno.user.id]),
    );
    expect(await present(db, reports, reports.id, reportIds)).toEqual(new Set([reportIds[1], reportIds[2]]));
    expect(await present(db, adminAuditLog, adminAuditLog.id, auditIds)).toEqual(new Set([auditIds[1]]));
    expect(await present(db, retainedRecords, retainedRecords.id, retainedIds)).toEqual(
      new Set([retainedIds[1]]),
    );
  });

  it('deletes audit entries only as the privacy maintenance: a plain DELETE is still refused', async () => {
    const { db } = t.app.database;
    const [entry] = await db
      .insert(adminAuditLog)
      .values({
        adminId: 1,
        adminEmail: 'admin@example.org',
        action: 'user.suspend',
        targetType: 'user',
        targetId: '1',
        createdAt: daysAgo(RETENTION_DAYS.auditEntry + 10),
      })
      .returning({ id: adminAuditLog.id });
    await expect(db.delete(adminAuditLog).where(eq(adminAuditLog.id, entry!.id))).rejects.toThrow();
    await passNow(retentionFor(t));
    expect(await present(db, adminAuditLog, adminAuditLog.id, [entry!.id])).toEqual(new Set());
  });

  it('keeps old chat messages of a conversation under an open report until it is resolved', async () => {
    const { db } = t.app.database;
    const [ana, bruno, carla, dan] = [
      await createActiveMember(t.app),
      await createActiveMember(t.app),
      await createActiveMember(t.app),
      await createActiveMember(t.app),
    ];
    const old = daysAgo(RETENTION_DAYS.chatMessage + 30);
    const reportedMessage = await chatMessage(ana.user.id, bruno.user.id, old);
    const sameConversation = await chatMessage(bruno.user.id, ana.user.id, old);
    const reportedConversation = await chatMessage(carla.user.id, dan.user.id, old);
    const reportIds = (
      await db
        .insert(reports)
        .values([
          {
            reporterId: bruno.user.id,
            targetType: 'chat_message',
            targetId: reportedMessage,
            reason: 'harassment',
          },
          {
            reporterId: dan.user.id,
            targetType: 'chat_conversation',
            targetId: carla.user.id,
            reason: 'harassment',
          },
        ])
        .returning({ id: reports.id })
    ).map((row) => row.id);
    const held = [reportedMessage, sameConversation, reportedConversation];

    await passNow(retentionFor(t));
    expect(await present(db, chatMessages, chatMessages.id, held)).toEqual(new Set(held));

    // Once the moderators resolved the reports, the conversations follow the rule again.
    await db
      .update(reports)
      .set({ status: 'resolved', outcome: 'dismissed', resolvedAt: new Date() })
      .where(inArray(reports.id, reportIds));
    await passNow(retentionFor(t));
    expect(await present(db, chatMessages, chatMessages.id, held)).toEqual(new Set());
  });

  it('keeps an erased member’s messages and the reports about him for their periods, then purges them (decision 0032)', async () => {
    const { db } = t.app.database;
    const [sender, receiver] = [await createActiveMember(t.app), await createActiveMember(t.app)];
    const old = await chatMessage(sender.user.id, receiver.user.id, daysAgo(RETENTION_DAYS.chatMessage + 30));
    const recent = await chatMessage(sender.user.id, receiver.user.id, new Date());
    // Filed before snapshots existed: the erasure takes one while the messages still name him.
    const [filed] = await db
      .insert(reports)
      .values({
        reporterId: receiver.user.id,
        targetType: 'chat_conversation',
        targetId: sender.user.id,
        reason: 'harassment',
      })
      .returning({ id: reports.id });
    const reportId = filed!.id;
    expect(await erasureFor(t).erase(sender.user.id)).toBe(true);
    const [kept] = await db.select().from(reports).where(eq(reports.id, reportId));
    expect(kept).toMatchObject({ targetId: null, status: 'open' });
    expect(kept?.snapshot?.context?.map((message) => [message.sender_id, message.sender_label])).toEqual([
      [null, kept?.subjectLabel],
      [null, kept?.subjectLabel],
    ]);

    // While the report is open, even the old message stays; the report stays whatever its age.
    await passNow(retentionFor(t));
    expect(await present(db, chatMessages, chatMessages.id, [old, recent])).toEqual(new Set([old, recent]));
    expect(await present(db, reports, reports.id, [reportId])).toEqual(new Set([reportId]));

    // Resolved past the reports' period: the report goes, and the old message with the chat's rule.
    await db
      .update(reports)
      .set({
        status: 'resolved',
        outcome: 'dismissed',
        resolvedAt: daysAgo(RETENTION_DAYS.resolvedReport + 1),
      })
      .where(eq(reports.id, reportId));
    await passNow(retentionFor(t));
    expect(await present(db, chatMessages, chatMessages.id, [old, recent])).toEqual(new Set([recent]));
    expect(await present(db, reports, reports.id, [reportId])).toEqual(new Set());
  });

  it('runs one pass at a time: a second instance skips while the lease is held, and takes a crashed holder’s', async () => {
    const { db } = t.app.database;
    let release = () => {};
    let blocked = () => {};
    const blockedNow = new Promise<void>((resolve) => (blocked = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const plain = createRetentionRepository(db);
    const slow: RetentionRepository = {
      ...plain,
      async purgeExportArchives(createdBefore, batch) {
        blocked();
        await gate;
        return plain.purgeExportArchives(createdBefore, batch);
      },
    };
    const first = retentionFor(t, slow);
    const second = retentionFor(t);

    // The first instance may have to wait for another test file's pass; then it holds the lease.
    const firstPass = passNow(first);
    await blockedNow;
    expect(await second.runPass()).toBeNull();
    release();
    expect((await firstPass).purged).toMatchObject({ exportArchives: expect.any(Number) });
    // Given back at the end of the pass: the second instance runs now.
    expect((await passNow(second)).purged).toMatchObject({ exportArchives: expect.any(Number) });

    // A holder that stopped mid-pass (its lease expired) does not block the job for good.
    const lease = (expiresAt: string) => ({ holder: 'crashed-instance', expires_at: expiresAt });
    const hold = (expiresAt: string) =>
      db
        .insert(appSettings)
        .values({ key: RETENTION_LEASE_KEY, value: lease(expiresAt) })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: lease(expiresAt) } });
    await hold(new Date(Date.now() + 10 * MINUTE_MS).toISOString());
    expect(await second.runPass()).toBeNull();
    await hold(new Date(Date.now() - MINUTE_MS).toISOString());
    expect(await second.runPass()).not.toBeNull();
    const [left] = await db.select().from(appSettings).where(eq(appSettings.key, RETENTION_LEASE_KEY));
    expect(left).toBeUndefined();
  });

  it('runs no pass in a test app unless the test asks: a pass would purge other test files’ fixtures', () => {
    expect(t.config.retention.firstRunMs).toBe(86_400_000);
  });

  it('goes on with the other kinds when one fails, logs the kind and reports it failed', async () => {
    const { db } = t.app.database;
    const member = await createActiveMember(t.app);
    const expiredCopy = await exportRow(member.user.id, daysAgo(RETENTION_DAYS.exportArchive + 1));
    const log = recordingLog();
    const plain = createRetentionRepository(db);
    const refusal = new Error('canceling statement due to lock timeout');
    const failing: RetentionRepository = {
      ...plain,
      purgeChatMessages: async () => {
        throw refusal;
      },
    };

    const outcome = await passNow(retentionFor(t, failing, log));

    expect(outcome.failed).toEqual(['chatMessages']);
    expect(outcome.stopped).toBe(false);
    // The kinds after the failing one ran too.
    expect(outcome.purged.exportArchives).toBeGreaterThanOrEqual(1);
    expect(await present(db, dataExports, dataExports.id, [expiredCopy])).toEqual(new Set());
    expect(log.lines).toEqual([
      {
        level: 'error',
        fields: { err: refusal, kind: 'chatMessages' },
        message: 'Retention failed for one kind; the pass goes on with the others',
      },
    ]);
  });

  it('erases accounts never activated after RETENTION_DAYS.unactivatedAccount days, and only those', async () => {
    const { db } = t.app.database;
    const signUp = async (daysOld: number, codeStillValid = false) => {
      const payload = adultPayload();
      const registered = await t.app.inject({ method: 'POST', url: '/api/register/', payload });
      expect(registered.statusCode, registered.body).toBe(201);
      const [account] = await db
        .update(users)
        .set({ createdAt: daysAgo(daysOld) })
        .where(eq(users.email, payload.email))
        .returning({ id: users.id });
      // Ten minutes after sign-up the code has expired; a member who signs in gets a new one.
      if (!codeStillValid)
        await db
          .update(activationCodes)
          .set({ expiresAt: new Date(Date.now() - MINUTE_MS) })
          .where(eq(activationCodes.userId, account!.id));
      return { id: account!.id, payload };
    };
    const abandoned = await signUp(RETENTION_DAYS.unactivatedAccount + 1);
    const recent = await signUp(RETENTION_DAYS.unactivatedAccount - 1);
    const typingTheCodeNow = await signUp(RETENTION_DAYS.unactivatedAccount + 1, true);
    const activated = await createActiveMember(t.app);
    await db
      .update(users)
      .set({ createdAt: daysAgo(RETENTION_DAYS.unactivatedAccount + 1) })
      .where(eq(users.id, activated.user.id));

    const { purged, failed } = await passNow(retentionFor(t));

    expect(failed).toEqual([]);
    expect(purged.unactivatedAccounts).toBeGreaterThanOrEqual(1);
    expect(
      await present(db, users, users.id, [abandoned.id, recent.id, typingTheCodeNow.id, activated.user.id]),
    ).toEqual(new Set([recent.id, typingTheCodeNow.id, activated.user.id]));
    // Erased like a deleted account: the address is free for a new sign-up.
    const again = await t.app.inject({ method: 'POST', url: '/api/register/', payload: abandoned.payload });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('passes over an account whose erasure fails, erases the rest and reports the kind failed', async () => {
    const { db } = t.app.database;
    const ids: number[] = [];
    for (let index = 0; index < 2; index += 1) {
      const payload = adultPayload();
      await t.app.inject({ method: 'POST', url: '/api/register/', payload });
      const [account] = await db
        .update(users)
        .set({ createdAt: daysAgo(RETENTION_DAYS.unactivatedAccount + 1) })
        .where(eq(users.email, payload.email))
        .returning({ id: users.id });
      await db.delete(activationCodes).where(eq(activationCodes.userId, account!.id));
      ids.push(account!.id);
    }
    const [stuck, next] = ids as [number, number];
    const log = recordingLog();
    const service = createRetentionService({
      repository: createRetentionRepository(db),
      eraseAccount: async (userId) => {
        if (userId === stuck) throw new Error('deadlock detected');
        return erasureFor(t).erase(userId);
      },
      abandonedExportAfterMs: EXPORT_STALE_MS,
      mailDir: t.config.paths.mail,
      log,
      holder: `test-${randomUUID()}`,
    });

    const { failed } = await passNow(service);

    expect(failed).toEqual(['unactivatedAccounts']);
    expect(await present(db, users, users.id, [stuck, next])).toEqual(new Set([stuck]));
    expect(log.lines.map((line) => [line.message, line.fields.userId ?? line.fields.kind])).toEqual([
      ['Retention could not erase a never-activated account', stuck],
      ['Retention failed for one kind; the pass goes on with the others', 'unactivatedAccounts'],
    ]);
    await erasureFor(t).erase(stuck);
  });
});

describe('retention on a schedule', () => {
  /** A ready data copy a day past its period (RETENTION_DAYS.exportArchive): the next pass removes it. */
  const expiredExportOf = async (db: Database, userId: number) => {
    const [row] = await db
      .insert(dataExports)
      .values({ userId, status: 'ready', archive: Buffer.from('zip'), createdAt: daysAgo(8) })
      .returning({ id: dataExports.id });
    return row!.id;
  };

  it('removes an expired data copy by itself, without any request (issue 24 acceptance)', async () => {
    const t = await createTestApp({ RETENTION_FIRST_RUN_MS: '20', RETENTION_INTERVAL_MS: '100' });
    try {
      const member = await createActiveMember(t.app);
      const id = await expiredExportOf(t.app.database.db, member.user.id);
      const stored = async () => (await present(t.app.database.db, dataExports, dataExports.id, [id])).size;
      await eventually(async () => (await stored()) === 0);
    } finally {
      await t.cleanup();
    }
  });

  it('on two instances of one database, neither runs while another holds the lease', async () => {
    const environment = { RETENTION_FIRST_RUN_MS: '0', RETENTION_INTERVAL_MS: '100' };
    const a = await createTestApp(environment);
    const b = await createTestApp(environment, { database: a.app.database });
    const { db } = a.app.database;
    const operator = createRetentionRepository(db);
    try {
      // A third holder (as `npm run retention` would be) takes the lease first.
      await eventually(() => operator.takeLease('operator', 60_000));
      const member = await createActiveMember(a.app);
      const id = await expiredExportOf(db, member.user.id);
      await Promise.all([a.app.ready(), b.app.ready()]);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const stored = async () => (await present(db, dataExports, dataExports.id, [id])).size;
      expect(await stored()).toBe(1);

      await operator.releaseLease('operator');
      await eventually(async () => (await stored()) === 0);
    } finally {
      await operator.releaseLease('operator');
      await b.cleanup();
      await a.cleanup();
    }
  });

  it('stops cleanly: shutdown waits for the batch in progress, then the database may close', async () => {
    const t = await createTestApp();
    const plain = createRetentionRepository(t.app.database.db);
    let release = () => {};
    let started = () => {};
    const startedNow = new Promise<void>((resolve) => (started = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    let purgeFinished = false;
    const gated: RetentionRepository = {
      ...plain,
      async purgeExportArchives(createdBefore, batch) {
        started();
        await gate;
        const removed = await plain.purgeExportArchives(createdBefore, batch);
        purgeFinished = true;
        return removed;
      },
    };
    const log = recordingLog();
    const timer = createRetentionTimer(retentionFor(t, gated, log), { firstRunMs: 0, intervalMs: 100 }, log);
    timer.start();
    await startedNow;

    // As the modules' close() does: the timer stops, then the database closes.
    let closed = false;
    const closing = timer
      .stop()
      .then(() => t.cleanup())
      .then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    release();
    await closing;

    expect(purgeFinished).toBe(true);
    expect(log.lines.filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([]);
    expect(log.lines.map((line) => line.message)).toContain(
      'Retention pass stopped by shutdown; the next pass goes on',
    );
  });

  it('stops a pass on a large backlog after the current batch, not after the backlog', async () => {
    const t = await createTestApp();
    try {
      const plain = createRetentionRepository(t.app.database.db);
      let batches = 0;
      let twoBatchesDone = () => {};
      const twoBatches = new Promise<void>((resolve) => (twoBatchesDone = resolve));
      const laterKind = vi.fn((sentBefore: Date, batch: number) =>
        plain.purgeChatMessages(sentBefore, batch),
      );
      // A backlog that never ends: every batch comes back full.
      const endless: RetentionRepository = {
        ...plain,
        async purgeExportArchives(_createdBefore, batch) {
          batches += 1;
          if (batches === 2) twoBatchesDone();
          await new Promise((resolve) => setTimeout(resolve, 5));
          return batch;
        },
        purgeChatMessages: laterKind,
      };
      const log = recordingLog();
      const timer = createRetentionTimer(
        retentionFor(t, endless, log),
        { firstRunMs: 0, intervalMs: 100 },
        log,
      );
      timer.start();
      await twoBatches;
      await timer.stop();
      const batchesAtStop = batches;

      expect(laterKind).not.toHaveBeenCalled();
      const stopped = log.lines.find((line) => line.message.startsWith('Retention pass stopped'));
      expect(stopped?.fields).toMatchObject({
        purged: { exportArchives: batchesAtStop * RETENTION_BATCH, chatMessages: 0 },
      });
      // No pass after the stop.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(batches).toBe(batchesAtStop);
    } finally {
      await t.cleanup();
    }
  });

  it('closes the server between or during passes without a failed pass in the log', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { RETENTION_FIRST_RUN_MS: '0', RETENTION_INTERVAL_MS: '100', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    await t.app.ready();
    await eventually(async () => lines.some((line) => line.includes('Retention pass done')));
    await t.cleanup();
    expect(lines.filter((line) => /Retention (pass )?failed/.test(line))).toEqual([]);
  });
});

// Each test opens the command's embedded database several times (the command and the test take
// turns with it): a guard against a hang, not a speed check. One test took 256 s on a machine
// running both heavy tiers of two suites at once.
describe('npm run retention', { timeout: 600_000 }, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-retention-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The command's environment: its own embedded database, outside the tests' NODE_ENV. */
  function commandEnvironment() {
    const environment: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    delete environment.NODE_ENV;
    return environment;
  }

  /** Runs the command as an operator would, in a process of its own. */
  function retentionProcess() {
    return new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/cli/retention.ts'],
        { cwd: apiRoot, env: { ...commandEnvironment(), INIT_CWD: apiRoot } },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });
  }

  /** The same command in this process: what it prints and its exit code, without a second start-up. */
  async function retention() {
    let output = '';
    const stream = { write: (text: string) => void (output += text) };
    const code = await runRetentionCommand(commandEnvironment(), { stdout: stream, stderr: stream });
    return { code, output };
  }

  /** The command's embedded database, opened by the test while the command is not running. */
  async function withDatabase(use: (db: Database) => Promise<unknown>) {
    const { paths } = loadConfig({ DATA_DIR: dataDir });
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: paths.pglite });
    try {
      await use(database.db);
    } finally {
      await database.close();
    }
  }

  it('runs one pass now and prints counts, never content; says so when another pass holds the lease', async () => {
    const recipient = `someone-${randomUUID()}@example.org`;
    const t = await createTestApp({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      await t.app.database.db.insert(emailOutbox).values({
        recipient,
        subject: 'Your secret reset link',
        textBody: 'https://example.org/reset-confirm?token=secret-token',
        htmlBody: '',
        createdAt: daysAgo(RETENTION_DAYS.sentEmail + 1),
      });
    } finally {
      await t.cleanup();
    }

    const done = await retentionProcess();
    expect(done.code, done.output).toBe(0);
    expect(done.output).toMatch(/sentEmails\s+1\b/);
    expect(done.output).toMatch(/exportArchives\s+0\b/);
    expect(done.output).toMatch(/unactivatedAccounts\s+0\b/);
    for (const content of [recipient, 'secret', 'reset-confirm']) expect(done.output).not.toContain(content);

    await withDatabase((db) => createRetentionRepository(db).takeLease('server', 60_000));
    const skipped = await retention();
    expect(skipped.code, skipped.output).toBe(75);
    expect(skipped.output).toContain('Another instance is running a retention pass');
    await withDatabase((db) => createRetentionRepository(db).releaseLease('server'));
  });

  it('does the other kinds when one fails, names the failed kind and exits 1', async () => {
    // The mail folder is a file: the `.eml` sweep cannot read it.
    const mailDir = path.join(dataDir, 'mail');
    rmSync(mailDir, { recursive: true, force: true });
    writeFileSync(mailDir, 'not a folder');
    try {
      const partial = await retention();
      expect(partial.code, partial.output).toBe(1);
      expect(partial.output).toContain('Retention failed for one kind');
      expect(partial.output).toContain('These kinds failed (the log above says why): emailFiles.');
      expect(partial.output).toMatch(/sentEmails\s+0\b/);
    } finally {
      rmSync(mailDir, { force: true });
    }
  });

  it('refuses a database that is not at this code’s migrations, and leaves it as it is (exit 78)', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    // Behind: the newest migration looks as if it had not run yet.
    await withDatabase((db) =>
      db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
      ),
    );
    const behind = await retention();
    expect(behind.code, behind.output).toBe(78);
    expect(behind.output).toContain('run npm run db:migrate first');
    expect(behind.output).not.toContain('Retention pass done');
    await withDatabase(async (db) => {
      expect(await migrationLevel(db)).toBe('behind');
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
      );
      expect(await migrationLevel(db)).toBe('current');
      // Ahead: a newer version of the platform applied a migration this code does not know.
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) select 'from-a-newer-version', ${newest} + 1`,
      );
    });
    const ahead = await retention();
    expect(ahead.code, ahead.output).toBe(78);
    expect(ahead.output).toContain('migrated by a newer version');
    await withDatabase((db) =>
      db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-version'`),
    );
  });
});
