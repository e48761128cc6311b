import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema';
import { createMemberWithProfile } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createAdminRepository } from './admin.repository';
import { requestAs } from '../../test-support/requests';
import { paypalWithdrawal, startEarning } from '../../test-support/earnings';

/** Every administrator call, with a body where it needs one. */
const ADMIN_CALLS = [
  ['GET', '/api/admin/dashboard/'],
  ['GET', '/api/admin/audit/'],
  ['GET', '/api/admin/withdrawals/'],
  ['POST', '/api/admin/withdrawals/1/status/'],
  ['GET', '/api/admin/recursos/asociaciones/'],
  ['POST', '/api/admin/recursos/asociaciones/'],
  ['PUT', '/api/admin/recursos/centros/1/'],
  ['DELETE', '/api/admin/recursos/proyectos/1/'],
  ['GET', '/api/admin/ads/'],
  ['PUT', '/api/admin/ads/'],
] as const;

describe('administrators', () => {
  let t: TestApp;
  let admin: Member;
  let member: Member;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createMemberWithProfile(t.app);
    member = await createMemberWithProfile(t.app);
    expect(await createAdminRepository(t.app.database.db).promote(admin.email)).toBeDefined();
  });
  afterAll(async () => t.cleanup());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Member, payload?: object) =>
    requestAs(t.app, who?.access, method, url, payload);

  it('refuses every admin call to anonymous callers (401) and to members (403)', async () => {
    for (const [method, url] of ADMIN_CALLS) {
      expect((await call(method, url)).statusCode, url).toBe(401);
      const forbidden = await call(method, url, member, { status: 'processing' });
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json()).toMatchObject({
        code: 'forbidden',
        error: 'This area is for administrators.',
      });
    }
    expect((await call('GET', '/api/admin/audit/', admin)).statusCode).toBe(200);
  });

  it('counts members by age group, activity, content, reports and pending payouts', async () => {
    const before = (await call('GET', '/api/admin/dashboard/', admin)).json<{
      members: { adults: number; minors: number };
      active_today: number;
      pending_withdrawals: { count: number; euro_total: number };
    }>();
    expect(before.members.adults).toBeGreaterThanOrEqual(2);
    expect(before.active_today).toBeGreaterThanOrEqual(2);
    await createMemberWithProfile(t.app);
    const after = (await call('GET', '/api/admin/dashboard/', admin)).json<typeof before>();
    expect(after.members.adults).toBe(before.members.adults + 1);
    expect(Object.keys(after).sort()).toEqual(
      ['active_today', 'members', 'messages_last_day', 'open_reports', 'pending_withdrawals', 'posts'].sort(),
    );
  });

  it('only promotes an existing, active account', async () => {
    const repository = createAdminRepository(t.app.database.db);
    expect(await repository.promote('nobody@example.org')).toBeUndefined();
  });

  it('moves withdrawals through their states, refunds a rejection, and writes the audit log', async () => {
    const earner = await createMemberWithProfile(t.app);
    await startEarning(t.app, earner, 300);
    // The payout address is the one checked in the queue below.
    const billing = paypalWithdrawal(100, { paypal_email: 'eva@example.org' });
    const first = (await call('POST', '/api/monetizacion/withdrawals/', earner, billing)).json<{
      id: number;
    }>();
    const second = (await call('POST', '/api/monetizacion/withdrawals/', earner, billing)).json<{
      id: number;
    }>();

    const pending = (await call('GET', '/api/admin/withdrawals/?status=pending', admin)).json<
      { id: number; member_email: string; payout: Record<string, string> }[]
    >();
    const mine = pending.filter((row) => row.id === first.id || row.id === second.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      member_email: earner.email,
      payout: { paypal_email: 'eva@example.org' },
    });

    const move = (id: number, body: object) =>
      call('POST', `/api/admin/withdrawals/${id}/status/`, admin, body);
    expect((await move(first.id, { status: 'paid' })).json().fields.reference).toBe(
      'Enter the payment reference.',
    );
    expect((await move(first.id, { status: 'processing' })).json()).toMatchObject({ status: 'processing' });
    expect((await move(first.id, { status: 'processing' })).statusCode).toBe(409);
    expect((await move(first.id, { status: 'paid', reference: 'PAYPAL-TX-1' })).json()).toMatchObject({
      status: 'paid',
    });
    expect((await move(first.id, { status: 'rejected', reason: 'late' })).statusCode).toBe(409);
    expect((await move(999_999_999, { status: 'processing' })).statusCode).toBe(404);

    expect((await move(second.id, { status: 'rejected' })).statusCode).toBe(400);
    expect(
      (await move(second.id, { status: 'rejected', reason: 'The PayPal account does not exist.' })).json(),
    ).toMatchObject({ status: 'rejected', rejection_reason: 'The PayPal account does not exist.' });
    const balance = (await call('GET', '/api/monetizacion/profile/', earner)).json<{
      tokens_acumulados: number;
    }>();
    expect(balance.tokens_acumulados).toBe(200);
    const history = (await call('GET', '/api/monetizacion/withdrawals/history/', earner)).json<
      { id: number; status: string }[]
    >();
    expect(history.map((row) => [row.id, row.status])).toEqual([
      [second.id, 'rejected'],
      [first.id, 'paid'],
    ]);

    const audit = (await call('GET', '/api/admin/audit/?limit=10', admin)).json<{
      results: { admin_email: string; action: string; target_id: string; details: object }[];
    }>();
    expect(audit.results.slice(0, 4).map((entry) => [entry.action, entry.target_id])).toEqual([
      ['withdrawal.rejected', String(second.id)],
      ['withdrawal.paid', String(first.id)],
      ['withdrawal.processing', String(first.id)],
      // Older entries come from other tests' actions, if any.
      ...audit.results.slice(3, 4).map((entry) => [entry.action, entry.target_id]),
    ]);
    expect(audit.results[1]).toMatchObject({
      admin_email: admin.email,
      details: { payoutReference: 'PAYPAL-TX-1' },
    });
  });

  it('edits the directory with the shipped rules, and members see the change', async () => {
    const entry = {
      name: 'Asociación de Prueba',
      pais: 'ES',
      ciudad: 'Granada',
      enlace: 'https://www.example.org/',
      descripcion: { es: 'Una asociación de prueba.', en: 'A test association.' },
    };
    const invalid: [object, string, string][] = [
      [{ pais: 'ch' }, 'pais', 'Choose a country of the European Union.'],
      [{ ciudad: 'Paris' }, 'ciudad', 'Choose a city of that country.'],
      [{ enlace: 'http://www.example.org/' }, 'enlace', 'starting with https://'],
      [{ name: ' ' }, 'name', 'Enter the name.'],
    ];
    for (const [change, field, text] of invalid) {
      const response = await call('POST', '/api/admin/recursos/asociaciones/', admin, {
        ...entry,
        ...change,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fields[field], field).toContain(text);
    }
    const created = await call('POST', '/api/admin/recursos/asociaciones/', admin, entry);
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const seen = async () =>
      (await call('GET', '/api/recursos/asociaciones/?pais=es&ciudad=Granada', member)).json<
        { nombre: string }[]
      >();
    expect((await seen()).map((row) => row.nombre)).toContain('Asociación de Prueba');

    const renamed = await call('PUT', `/api/admin/recursos/asociaciones/${id}/`, admin, {
      ...entry,
      name: 'Asociación Renombrada',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await seen()).map((row) => row.nombre)).toContain('Asociación Renombrada');
    expect((await call('PUT', '/api/admin/recursos/asociaciones/999999999/', admin, entry)).statusCode).toBe(
      404,
    );

    expect((await call('DELETE', `/api/admin/recursos/asociaciones/${id}/`, admin)).statusCode).toBe(204);
    expect((await seen()).map((row) => row.nombre)).not.toContain('Asociación Renombrada');
    expect((await call('DELETE', `/api/admin/recursos/asociaciones/${id}/`, admin)).statusCode).toBe(404);

    const audit = (await call('GET', '/api/admin/audit/?limit=3', admin)).json<{
      results: { action: string }[];
    }>();
    expect(audit.results.map((row) => row.action)).toEqual([
      'directory.delete',
      'directory.update',
      'directory.create',
    ]);
  });

  it('keeps the audit log append-only, even for the database user', async () => {
    const { db } = t.app.database;
    await expect(db.update(adminAuditLog).set({ action: 'rewritten' })).rejects.toThrow();
    await expect(db.delete(adminAuditLog)).rejects.toThrow();
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(adminAuditLog);
    expect(row?.count).toBeGreaterThan(0);
  });
});

// The ad settings are shared by the whole database: this test has an embedded one of its own, so
// tests of other files running at the same time on a shared PostgreSQL keep the test slots.
describe('ad settings', () => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_URL: '' });
    admin = await createMemberWithProfile(t.app);
    await createAdminRepository(t.app.database.db).promote(admin.email);
  });
  afterAll(async () => t.cleanup());
  const call = (method: 'GET' | 'PUT', url: string, who: Member, payload?: object) =>
    requestAs(t.app, who.access, method, url, payload);

  it('changes the ad client and slot ids, which the slots served then use', async () => {
    const viewer = await createMemberWithProfile(t.app, { country: 'ie', ciudad: 'Cork' });
    expect((await call('GET', '/api/ads/slot/', viewer)).json()).toMatchObject({ ad_client: 'test' });
    const invalid = await call('PUT', '/api/admin/ads/', admin, {
      client: 'ca-pub-1',
      slots: { adslot_other: '1' },
    });
    expect(invalid.statusCode).toBe(400);
    const saved = await call('PUT', '/api/admin/ads/', admin, {
      client: 'ca-pub-1234567890',
      slots: { adslot_general: '111', adslot_local_ie: '222', adslot_caa: '' },
    });
    expect(saved.json()).toEqual({
      client: 'ca-pub-1234567890',
      slots: { adslot_general: '111', adslot_local_ie: '222' },
    });
    expect((await call('GET', '/api/admin/ads/', admin)).json()).toEqual(saved.json());
    expect((await call('GET', '/api/ads/slot/', viewer)).json()).toEqual({
      ad_client: 'ca-pub-1234567890',
      slots: [
        { slot_key: 'adslot_general', ad_slot: '111' },
        { slot_key: 'adslot_local_ie', ad_slot: '222' },
      ],
    });
    await call('PUT', '/api/admin/ads/', admin, { client: '', slots: {} });
    expect((await call('GET', '/api/ads/slot/', viewer)).json()).toMatchObject({ ad_client: 'test' });
  });
});
