import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import { createMemberWithProfile, sendForm } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { startSmtpReceiver } from '../../test-support/smtp-receiver';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * Two API instances on one PostgreSQL (and one Redis when REDIS_URL is set), sharing one job
 * queue: an event is recorded once whichever instance hears of it, and each e-mail job runs on
 * one instance only. The embedded database (PGlite) belongs to one process, so this runs when
 * the suite has a PostgreSQL (CI's second pass).
 */
describe.skipIf(!process.env.DATABASE_URL)('notifications on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let shared: Record<string, string> & { DATA_DIR: string };
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    shared = {
      // One deployment: the same database (on PostgreSQL, a DATA_DIR names a test app's database).
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'juntos-instances-')),
      SMTP_URL: smtp.url,
      // One deployment: a session signed by one instance is good on the other.
      JWT_SECRET: randomBytes(32).toString('hex'),
      NOTIFICATION_EMAIL_DELAY_SECONDS: '0',
      JOBS_SCHEMA: `jobs_${randomBytes(6).toString('hex')}`,
      ...(process.env.REDIS_URL
        ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `juntos-test-${randomBytes(4).toString('hex')}:` }
        : {}),
    };
    a = await createTestApp(shared);
    b = await createTestApp(shared);
    // Both queues are running before anything is queued.
    await Promise.all([a.app.ready(), b.app.ready()]);
  });
  afterAll(async () => {
    await a.cleanup();
    await b.cleanup();
    await smtp.close();
    rmSync(shared.DATA_DIR, { recursive: true, force: true });
  });

  const save = (app: TestApp, member: Member, settings: object) =>
    app.app.inject({
      method: 'PUT',
      url: '/api/notificaciones/ajustes/',
      headers: { authorization: `Bearer ${member.access}` },
      payload: settings,
    });

  it('records each event once and sends each e-mail once', async () => {
    const liker = await createMemberWithProfile(a.app);
    const members: Member[] = [];
    for (let index = 0; index < 6; index += 1) members.push(await createMemberWithProfile(a.app));
    const settings = (
      await a.app.inject({
        method: 'GET',
        url: '/api/notificaciones/ajustes/',
        headers: { authorization: `Bearer ${members[0]!.access}` },
      })
    ).json<{ settings: object }>().settings;
    for (const member of members) {
      expect((await save(b, member, { ...settings, email_frequency: 'immediately' })).statusCode).toBe(200);
      const created = await sendForm(a.app, member.access, 'POST', '/api/posts/', { text: 'Hello' });
      const postId = created.json<{ id: number }>().id;
      // The like through one instance, the comment through the other.
      const headers = { authorization: `Bearer ${liker.access}` };
      await a.app.inject({ method: 'POST', url: `/api/posts/${postId}/like/`, headers });
      await b.app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/comment/`,
        headers,
        payload: { text: 'Hi' },
      });
    }

    const notificationE = (member: Member) =>
      smtp.messages.filter(
        (message) => message.to.includes(member.email) && message.raw.includes('List-Unsubscribe'),
      );
    const deadline = Date.now() + 30_000;
    while (members.some((member) => notificationE(member).length === 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    // Both instances poll every half second: long enough for a second copy to show up.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const member of members) {
      expect(notificationE(member)).toHaveLength(1);
      const rows = await a.app.database.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.userId, member.user.id));
      expect(rows.map((row) => row.kind).sort()).toEqual(['comment', 'like']);
    }
  });
});
