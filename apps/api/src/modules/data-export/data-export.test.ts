import { unzipSync, strFromU8 } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@juntos/domain';
import { eq } from 'drizzle-orm';
import { RETENTION_DAYS } from '@juntos/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/database';
import { PERSONAL_DATA_CATALOGUE, type MemberColumn } from '../../db/personal-data-catalogue';
import { dataExports, emailOutbox, passwordResetTokens, refreshTokens, users } from '../../db/schema';
import { codeFrom, createActiveMember, resetTokenFrom } from '../../test-support/accounts';
import { createMemberInEveryTable, type MemberInEveryTable } from '../../test-support/member-in-every-table';
import { connectChat } from '../../test-support/chat-client';
import {
  createMemberWithProfile,
  imageFile,
  makeFriends,
  putProfile,
  completeProfile,
  sendForm,
} from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { createTestApp } from '../../test-support/test-app';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { createDataExportRepository } from './data-export.repository';
import { requestAs } from '../../test-support/requests';

type ExportState = {
  id: number;
  status: 'preparing' | 'ready' | 'failed';
  size_bytes: number | null;
  download: string | null;
};

/** Polls the member's copy until it is no longer being prepared. */
async function waitForCopy(app: FastifyInstance, access: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const state = (
      await app.inject({
        method: 'GET',
        url: '/api/mis-datos/exportacion/',
        headers: { authorization: `Bearer ${access}` },
      })
    ).json<{ export: ExportState }>().export;
    if (state.status !== 'preparing') return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export stayed preparing');
}

/** Downloads a ready copy and unpacks it. */
async function downloadCopy(app: FastifyInstance, access: string, download: string | null) {
  const response = await app.inject({
    method: 'GET',
    url: download ?? '',
    headers: { authorization: `Bearer ${access}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="juntos-my-data-/);
  return unzipSync(new Uint8Array(response.rawPayload));
}

describe('data portability (a copy of my data)', () => {
  const world = testAppWithMembers({
    listening: true,
    members: {
      owner: { nombre: 'Olivia', bio: 'Owner bio' },
      friend: { nombre: 'Fabio', bio: 'Friend secret bio' },
      stranger: { nombre: 'Sven', bio: 'Stranger bio' },
    },
  });
  beforeAll(async () => makeFriends(world.app, world.owner.user.id, world.friend.user.id));

  const call = (method: 'GET' | 'POST', url: string, who?: Member, payload?: object) =>
    requestAs(world.app, who?.access, method, url, payload);
  const waitReady = (who: Member, app: FastifyInstance = world.app) => waitForCopy(app, who.access);

  it('needs a signed-in member', async () => {
    expect((await call('GET', '/api/mis-datos/exportacion/')).statusCode).toBe(401);
    expect((await call('POST', '/api/mis-datos/exportacion/')).statusCode).toBe(401);
    expect((await call('GET', '/api/mis-datos/exportacion/1/archivo/')).statusCode).toBe(401);
  });

  it('contains the member’s profile, posts, comments, gallery, messages, friends and earnings, and nobody else’s data', async () => {
    await putProfile(
      world.app,
      world.owner.access,
      completeProfile({ nombre: 'Olivia', bio: 'Owner bio' }),
      await imageFile('photo'),
    );
    const own = (
      await sendForm(
        world.app,
        world.owner.access,
        'POST',
        '/api/posts/',
        { text: 'Owner post text' },
        await imageFile(),
      )
    ).json<Post>();
    const friendsPost = (
      await sendForm(world.app, world.friend.access, 'POST', '/api/posts/', { text: 'Friend post text' })
    ).json<Post>();
    await sendForm(world.app, world.stranger.access, 'POST', '/api/posts/', { text: 'Stranger post text' });
    await call('POST', `/api/posts/${friendsPost.id}/comment/`, world.owner, { text: 'Owner comment text' });
    await call('POST', `/api/posts/${own.id}/comment/`, world.friend, { text: 'Friend comment text' });
    await call('POST', `/api/posts/${friendsPost.id}/like/`, world.owner);
    await sendForm(
      world.app,
      world.owner.access,
      'POST',
      '/api/gallery/images/',
      { title: 'Owner gallery', description: 'At the beach' },
      await imageFile(),
    );
    await call('POST', '/api/monetizacion/activate/', world.owner, { consent: true });
    const chat = await connectChat(world.app, world.owner.access);
    chat.send({ receiver_id: world.friend.user.id, message: 'Owner says hello', temp_id: 'x1' });
    await chat.waitFor((frame) => frame.type === 'chat_message');
    await chat.close();

    const requested = await call('POST', '/api/mis-datos/exportacion/', world.owner);
    expect(requested.statusCode).toBe(202);
    expect(requested.json<{ export: ExportState }>().export.status).toBe('preparing');
    const ready = await waitReady(world.owner);
    expect(ready).toMatchObject({ status: 'ready' });
    expect(ready.size_bytes).toBeGreaterThan(0);

    const files = await downloadCopy(world.app, world.owner.access, ready.download);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'summary.html',
        'data/users.json',
        'data/profiles.json',
        'data/posts.json',
        'data/gallery_images.json',
        'data/comments.json',
        'data/likes.json',
        'data/chat_messages.json',
        'data/friendships.json',
        'data/monetization_accounts.json',
        'data/withheld.json',
        `files/profiles/${world.owner.user.id}.webp`,
        `files/posts/${own.id}.webp`,
      ]),
    );
    expect(names.some((name) => name.startsWith('files/gallery_images/'))).toBe(true);
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    const rows = (table: string) => JSON.parse(text(`data/${table}.json`)).rows as Record<string, unknown>[];
    const everything = names
      .filter((name) => /\.(json|txt|html)$/.test(name))
      .map(text)
      .join('\n');

    expect(rows('users')).toEqual([expect.objectContaining({ email: world.owner.email })]);
    expect(rows('profiles')).toEqual([
      expect.objectContaining({ bio: 'Owner bio', photo_key: `files/profiles/${world.owner.user.id}.webp` }),
    ]);
    expect(rows('posts')).toEqual([
      expect.objectContaining({ text: 'Owner post text', image_key: `files/posts/${own.id}.webp` }),
    ]);
    expect(rows('comments')).toEqual([expect.objectContaining({ text: 'Owner comment text' })]);
    expect(rows('gallery_images')).toEqual([expect.objectContaining({ description: 'At the beach' })]);
    expect(rows('chat_messages')).toEqual([
      expect.objectContaining({ message: 'Owner says hello', hidden_for_you: false }),
    ]);
    expect(rows('friendships')).toEqual([
      expect.objectContaining({
        addressee_id: world.friend.user.id,
        status: 'accepted',
        other_member_name: 'Fabio García',
      }),
    ]);
    expect(rows('monetization_accounts')).toEqual([expect.objectContaining({ activated: true })]);
    expect(text('README.txt')).toContain('summary.html');

    // Nothing of anyone else: not their posts, comments, profiles or addresses.
    for (const foreign of [
      'Friend post text',
      'Friend comment text',
      'Friend secret bio',
      'Stranger post text',
      'Stranger bio',
      world.friend.email,
      world.stranger.email,
    ])
      expect(everything, foreign).not.toContain(foreign);
    expect(everything).not.toMatch(/\$argon2/);

    // The member is told, and nobody else can fetch the copy.
    const notices = (await call('GET', '/api/avisos/', world.owner)).json<{ kind: string }[]>();
    expect(notices.map((notice) => notice.kind)).toContain('export_ready');
    expect((await call('GET', ready.download ?? '', world.friend)).statusCode).toBe(404);
    expect((await call('GET', '/api/mis-datos/exportacion/', world.friend)).json()).toEqual({ export: null });
  });

  it('prepares one copy at a time and replaces the previous one', async () => {
    const first = (await call('POST', '/api/mis-datos/exportacion/', world.stranger)).json<{
      export: ExportState;
    }>().export;
    await waitReady(world.stranger);
    const next = (await call('POST', '/api/mis-datos/exportacion/', world.stranger)).json<{
      export: ExportState;
    }>().export;
    expect(next.id).not.toBe(first.id);
    await waitReady(world.stranger);
    const old = await call('GET', `/api/mis-datos/exportacion/${first.id}/archivo/`, world.stranger);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 'not_found' });

    // While a copy is being prepared, asking again answers that copy instead of starting another.
    const [preparing] = await world.app.database.db
      .insert(dataExports)
      .values({ userId: world.stranger.user.id })
      .returning({ id: dataExports.id });
    const again = (await call('POST', '/api/mis-datos/exportacion/', world.stranger)).json<{
      export: ExportState;
    }>().export;
    expect(again).toMatchObject({ id: preparing?.id, status: 'preparing' });

    // Left preparing by an instance that stopped: shown as failed after 15 minutes.
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await world.app.database.db
      .update(dataExports)
      .set({ createdAt: minutesAgo(16) })
      .where(eq(dataExports.userId, world.stranger.user.id));
    expect(await waitReady(world.stranger)).toMatchObject({ id: preparing?.id, status: 'failed' });
  });

  it('keeps a copy seven days', async () => {
    const member = await createMemberWithProfile(world.app);
    await call('POST', '/api/mis-datos/exportacion/', member);
    const ready = await waitReady(member);
    await world.app.database.db
      .update(dataExports)
      .set({ createdAt: new Date(Date.now() - 7 * 24 * 3_600_000 - 60_000) })
      .where(eq(dataExports.userId, member.user.id));
    expect((await call('GET', '/api/mis-datos/exportacion/', member)).json()).toEqual({ export: null });
    expect((await call('GET', ready.download ?? '', member)).statusCode).toBe(404);
  });

  it('allows five copies a day per member', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const member = await createMemberWithProfile(strict.app);
      const ask = () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/mis-datos/exportacion/',
          headers: { authorization: `Bearer ${member.access}`, 'accept-language': 'en' },
        });
      for (let copy = 0; copy < 5; copy += 1) {
        expect((await ask()).statusCode).toBe(202);
        await waitReady(member, strict.app);
      }
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    } finally {
      await strict.cleanup();
    }
  });
});

describe('the copy of a member with activity in every feature', () => {
  const world = testAppWithMembers();
  let fixture: MemberInEveryTable;
  let files: Record<string, Uint8Array>;
  const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
  const documentOf = (table: string) =>
    JSON.parse(text(`data/${table}.json`)) as {
      table: string;
      holds: string;
      rows: Record<string, unknown>[];
      withheld_columns: Record<string, string>;
      truncated: boolean;
    };
  const archiveText = () =>
    Object.keys(files)
      .filter((name) => /\.(json|txt|html)$/.test(name))
      .map(text)
      .join('\n');

  beforeAll(async () => {
    fixture = await createMemberInEveryTable(world.app);
    // Rita, who asked Marta to be friends, is suspended: the safeguarding rule hides her name now.
    const { admin, asksMember } = fixture.others;
    const suspended = await world.app.inject({
      method: 'POST',
      url: `/api/admin/members/${asksMember.user.id}/suspend/`,
      headers: { authorization: `Bearer ${admin.access}` },
    });
    expect(suspended.statusCode).toBe(200);
    // Marta's withdrawal is rejected: a decision about her payout, with the reason she is owed.
    const rejected = await world.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${fixture.ids.withdrawal}/status/`,
      headers: { authorization: `Bearer ${admin.access}` },
      payload: { status: 'rejected', reason: 'The PayPal account is closed' },
    });
    expect(rejected.statusCode).toBe(200);
    const requested = await world.app.inject({
      method: 'POST',
      url: '/api/mis-datos/exportacion/',
      headers: { authorization: `Bearer ${fixture.member.access}`, 'accept-language': 'de' },
    });
    expect(requested.statusCode).toBe(202);
    const ready = await waitForCopy(world.app, fixture.member.access);
    files = await downloadCopy(world.app, fixture.member.access, ready.download);
  });

  it('holds every exported table with every column but the withheld ones', async () => {
    const columns = await rowsOf<{ table_name: string; column_name: string; data_type: string }>(
      world.app.database.db,
      sql`select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema()`,
    );
    const computed: Record<string, string[]> = {
      chat_messages: ['hidden_for_you'],
      friendships: ['other_member_name'],
      blocks: ['blocked_member_name'],
    };
    for (const [table, entry] of Object.entries(PERSONAL_DATA_CATALOGUE)) {
      const treatments = Object.values(entry.memberColumns as Record<string, MemberColumn>);
      const exported = treatments.some((treatment) => typeof treatment.export === 'string');
      if (!exported) {
        expect(files[`data/${table}.json`], table).toBeUndefined();
        continue;
      }
      const document = documentOf(table);
      expect(document, table).toMatchObject({ table, holds: entry.holds, truncated: false });
      expect(document.rows.length, table).toBeGreaterThan(0);
      const withheld = 'withheldColumns' in entry ? Object.keys(entry.withheldColumns) : [];
      const expected = columns
        .filter((column) => column.table_name === table && column.data_type !== 'bytea')
        .map((column) => column.column_name)
        .filter((column) => !withheld.includes(column));
      for (const row of document.rows)
        expect(Object.keys(row).sort(), table).toEqual([...expected, ...(computed[table] ?? [])].sort());
      expect(Object.keys(document.withheld_columns).sort(), table).toEqual(
        expect.arrayContaining(withheld.sort()),
      );
    }
    const withheldList = JSON.parse(text('data/withheld.json')) as {
      columns: { table: string; column: string; reason: string }[];
      rows: { table: string; found_through: string; reason: string }[];
    };
    expect(withheldList.columns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'users', column: 'password_hash' }),
        expect.objectContaining({ table: 'refresh_tokens', column: 'token_hash' }),
        expect.objectContaining({ table: 'email_outbox', column: 'html_body' }),
      ]),
    );
    expect(withheldList.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'activation_codes', found_through: 'user_id' }),
        expect.objectContaining({ table: 'blocks', found_through: 'blocked_id' }),
        expect.objectContaining({ table: 'reports', found_through: 'target_id' }),
      ]),
    );
    for (const item of [...withheldList.columns, ...withheldList.rows]) expect(item.reason).not.toBe('');
  });

  it('reads one statement per exported table, however much the member did', async () => {
    let statements = 0;
    const counted = new Proxy(world.app.database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return (query: SQL) => {
          statements += 1;
          return target.execute(query);
        };
      },
    });
    const repository = createDataExportRepository(counted);
    const statementsFor = async (userId: number) => {
      const before = statements;
      await repository.collect(userId);
      return statements - before;
    };
    // The first copy also reads the column list once.
    await repository.collect(fixture.member.id);
    const quiet = await createActiveMember(world.app);
    const exportedTables = Object.values(PERSONAL_DATA_CATALOGUE).filter((entry) =>
      Object.values(entry.memberColumns as Record<string, MemberColumn>).some(
        (treatment) => typeof treatment.export === 'string',
      ),
    ).length;
    expect(await statementsFor(fixture.member.id)).toBe(exportedTables);
    expect(await statementsFor(quiet.user.id)).toBe(exportedTables);
  });

  it('holds no secret: no password or token hash, no reset link or activation code', async () => {
    const everything = archiveText();
    const [account] = await world.app.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, fixture.member.id));
    const tokenHashes = await world.app.database.db
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, fixture.member.id));
    const resetHashes = await world.app.database.db
      .select({ hash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, fixture.member.id));
    for (const secret of [
      account?.passwordHash,
      ...tokenHashes.map((row) => row.hash),
      ...resetHashes.map((row) => row.hash),
    ])
      expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/\$argon2/);

    const mails = await world.app.database.db
      .select({ id: emailOutbox.id, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.userId, fixture.member.id));
    const resetToken = mails.map((mail) => resetTokenFrom(mail.text)).find(Boolean);
    const activationCode = mails.map((mail) => codeFrom(mail.text)).find(Boolean);
    expect(resetToken).toBeTruthy();
    expect(activationCode).toBeTruthy();
    expect(everything).not.toContain(resetToken);
    expect(everything).not.toContain(activationCode);
    const sent = documentOf('email_outbox').rows;
    expect(sent.length).toBe(mails.length);
    // Notices without a secret (a passkey added, issue 32 point 7) are copied as they were sent.
    const withSecret = new Set(
      mails.filter((mail) => resetTokenFrom(mail.text) || codeFrom(mail.text)).map((mail) => mail.id),
    );
    const secretMails = sent.filter((mail) => withSecret.has(Number(mail.id)));
    expect(secretMails.length).toBe(withSecret.size);
    expect(secretMails.every((mail) => String(mail.text_body).includes('[removed]'))).toBe(true);
    expect(sent.map((mail) => mail.text_body).join('\n')).toContain('reset-confirm?token=[removed]');
  });

  it('carries the pictures as files, and every message both ways, read and hidden ones too', async () => {
    const { member, ids } = fixture;
    const [profile] = documentOf('profiles').rows;
    expect(profile?.photo_key).toBe(`files/profiles/${member.id}.webp`);
    const pictures = [
      String(profile?.photo_key),
      ...documentOf('posts').rows.map((post) => String(post.image_key)),
      ...documentOf('gallery_images').rows.map((image) => String(image.image_key)),
    ];
    expect(pictures).toEqual(
      expect.arrayContaining(
        ids.posts
          .map((id) => `files/posts/${id}.webp`)
          .concat(`files/gallery_images/${ids.galleryImage}.webp`),
      ),
    );
    for (const picture of pictures) expect(files[picture]?.length, picture).toBeGreaterThan(0);
    expect(documentOf('posts').rows).toContainEqual(
      expect.objectContaining({ id: ids.hiddenPost, hidden_at: expect.any(String) }),
    );

    expect(documentOf('chat_messages').rows).toEqual([
      expect.objectContaining({
        sender_id: fixture.others.friend.user.id,
        message: 'Felix says hello',
        read_at: expect.any(String),
        hidden_for_you: true,
      }),
      expect.objectContaining({
        sender_id: member.id,
        message: 'Marta answers Felix',
        hidden_for_you: false,
      }),
    ]);
  });

  it('names other members by the safeguarding rule, and only what is the member’s own', async () => {
    const { friend, asksMember, blockedByMember, blocksMember, reporter } = fixture.others;
    const friendships = documentOf('friendships').rows;
    expect(friendships).toContainEqual(
      expect.objectContaining({
        addressee_id: friend.user.id,
        status: 'accepted',
        other_member_name: 'Felix Friend',
      }),
    );
    // Suspended since: no name, as the product shows her no more.
    expect(friendships).toContainEqual(
      expect.objectContaining({
        requester_id: asksMember.user.id,
        status: 'pending',
        other_member_name: null,
      }),
    );
    expect(documentOf('blocks').rows).toEqual([
      expect.objectContaining({ blocked_id: blockedByMember.user.id, blocked_member_name: 'Bruno Blocked' }),
    ]);
    expect(documentOf('reports').rows).toEqual([
      expect.objectContaining({ reporter_id: fixture.member.id, id: fixture.ids.reports.sent }),
    ]);
    const everything = archiveText();
    for (const other of [blocksMember, reporter, fixture.others.admin])
      expect(everything).not.toContain(other.email);
    expect(everything).not.toContain('Berta Blocker');
    expect(everything).not.toContain('A report about Marta');
    expect(everything).toContain('Marta’s own report');
  });

  it('holds the communities she joined, her listing choice and what she moderates', () => {
    const { member, ids } = fixture;
    const memberships = documentOf('community_members').rows.map((row) => ({
      community_id: row.community_id,
      user_id: row.user_id,
      listed: row.listed,
    }));
    expect(memberships).toEqual(
      expect.arrayContaining([
        { community_id: ids.communities.disease, user_id: member.id, listed: true },
        { community_id: ids.communities.topic, user_id: member.id, listed: false },
      ]),
    );
    expect(memberships).toHaveLength(2);
    expect(documentOf('community_moderators').rows).toEqual([
      expect.objectContaining({ community_id: ids.communities.topic, user_id: member.id }),
    ]);
  });

  it('holds the moderators’ decisions about the member without the administrator', async () => {
    const { member, ids } = fixture;
    const decisions = documentOf('admin_audit_log').rows;
    expect(
      decisions.map((entry) => [entry.action, entry.target_type, entry.target_id].map(String).join(' ')),
    ).toEqual([
      `community.moderator_appoint member ${member.id}`,
      // Issue 35: she accepted to represent an association (her own step) and was confirmed.
      `representative.accept member ${member.id}`,
      `representative.confirm member ${member.id}`,
      `content.hide post ${ids.hiddenPost}`,
      `member.suspend member ${member.id}`,
      `member.reactivate member ${member.id}`,
      // Issue 35 point 5: she represents a research project too, and sent its call.
      `representative.accept member ${member.id}`,
      `representative.confirm member ${member.id}`,
      `research.call research_project ${ids.researchProject}`,
      `withdrawal.rejected withdrawal ${ids.withdrawal}`,
    ]);
    expect(decisions.at(-1)?.details).toEqual({ rejectionReason: 'The PayPal account is closed' });
    // Decisions by others name no administrator; her own step names her.
    for (const entry of decisions.filter((one) => one.admin_id !== member.id))
      expect(entry).toMatchObject({ admin_id: null, admin_email: null });
    expect(decisions.filter((one) => one.admin_id === member.id).map((one) => one.action)).toEqual([
      'representative.accept',
      'representative.accept',
      'research.call',
    ]);
    expect(documentOf('admin_audit_log').withheld_columns).toHaveProperty('admin_email');
    expect(archiveText()).not.toContain(fixture.others.admin.email);
  });

  it('tells nothing of the reports about the member: no dismissal, no report behind a decision', () => {
    const { member } = fixture;
    const decisions = documentOf('admin_audit_log').rows;
    const fromReports = decisions.filter(
      (entry) => !/^(community|representative)\./.test(String(entry.action)),
    );
    // The hidden post was reported, the suspension decided from a report about her.
    expect(fromReports.slice(0, 3).map((entry) => entry.details)).toEqual([{ author_id: member.id }, {}, {}]);
    expect(decisions.map((entry) => entry.action)).not.toContain('report.dismiss');
    const withheld = documentOf('admin_audit_log').withheld_columns;
    for (const key of ['report_id', 'target_type', 'target_id', 'reports_closed'])
      expect(withheld[`details.${key}`], key).toMatch(/report/);
    const withheldList = JSON.parse(text('data/withheld.json')) as {
      rows: { table: string; found_through: string; reason: string }[];
    };
    expect(withheldList.rows).toContainEqual(
      expect.objectContaining({ table: 'admin_audit_log', found_through: 'details.target_id' }),
    );
  });

  it('sums it up in the member’s language, on a page that is valid and self-contained', () => {
    const page = text('summary.html');
    expect(page).toMatch(/^<!doctype html>\n<html lang="de">/);
    expect(page).toContain('<h2>Ihr Konto</h2>');
    expect(page).toContain(fixture.member.email);
    expect(page).toContain('<th scope="col">');
    expect(page).toContain('<th scope="row">');
    expect(page).not.toMatch(/<script|<link|src=|https?:\/\//i);
    // Subjects of the e-mails sent, consents with their versions, the decisions and the periods.
    expect(page).toContain('Choose a new');
    expect(page).toContain('2026-11');
    expect(page).toContain('Ihr Konto wurde gesperrt.');
    expect(page).toContain(`${new Intl.NumberFormat('de').format(RETENTION_DAYS.withdrawalRecord)} Tage`);
    expect(page).toContain('<td>Englisch</td>');
    expect(text('README.txt')).toContain('summary.html');
  });
});
