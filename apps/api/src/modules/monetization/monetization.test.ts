import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monetizationAccounts, monetizationConsents } from '../../db/schema';
import { createActiveMember, minorPayload } from '../../test-support/accounts';
import { createMemberWithProfile } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMonetizationRepository } from './monetization.repository';
import { requestAs } from '../../test-support/requests';

type Member = { access: string; user: { id: number } };

const billing = {
  method: 'paypal',
  billing_name: 'Ana Pérez',
  billing_address: 'Calle Mayor 1, Madrid',
  billing_country: 'España',
  billing_email: 'ana@example.org',
  billing_phone: '+34600000000',
  paypal_email: 'ana.paypal@example.org',
};

function calls(t: () => TestApp) {
  return (method: 'GET' | 'POST' | 'DELETE', url: string, member: Member, payload?: object) =>
    requestAs(t().app, member.access, method, url, payload);
}

describe('the earnings programme', () => {
  let t: TestApp;
  const call = calls(() => t);
  // Impressions without the 15-second wait, so 990 of them take a moment.
  beforeAll(async () => {
    t = await createTestApp({ AD_IMPRESSION_INTERVAL_MS: '0' });
  });
  afterAll(async () => t.cleanup());

  const giveTokens = (member: Member, tokens: number) =>
    t.app.database.db
      .update(monetizationAccounts)
      .set({ tokenTenths: tokens * 10 })
      .where(eq(monetizationAccounts.userId, member.user.id));
  const activated = async (profile: Record<string, string> = {}) => {
    const member = await createMemberWithProfile(t.app, profile);
    expect((await call('POST', '/api/monetizacion/activate/', member, { consent: true })).statusCode).toBe(
      200,
    );
    return member;
  };

  it('is for adults who tick the consent: minors and missing consent are refused', async () => {
    const minor = await createActiveMember(t.app, minorPayload());
    const refused = await call('POST', '/api/monetizacion/activate/', minor, { consent: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'adults_only' });

    const adult = await createMemberWithProfile(t.app);
    const noConsent = await call('POST', '/api/monetizacion/activate/', adult, { consent: 'yes' });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().fields.consent).toMatch(/Tick the box/);
    expect((await call('GET', '/api/monetizacion/status/', adult)).json()).toEqual({ activated: false });

    expect((await call('POST', '/api/monetizacion/activate/', adult, { consent: true })).json()).toEqual({
      activated: true,
    });
    const [consent] = await t.app.database.db
      .select()
      .from(monetizationConsents)
      .where(eq(monetizationConsents.userId, adult.user.id));
    expect(consent).toMatchObject({ version: '2026-11', language: 'en', withdrawnAt: null });
    expect(consent?.text).toMatch(/functional profile/);

    expect((await call('DELETE', '/api/monetizacion/activate/', adult)).json()).toEqual({ activated: false });
    const [withdrawn] = await t.app.database.db
      .select()
      .from(monetizationConsents)
      .where(eq(monetizationConsents.userId, adult.user.id));
    expect(withdrawn?.withdrawnAt).toBeInstanceOf(Date);
  });

  it('counts impressions only while activated; 990 of them make 99 tokens on 990 / 10', async () => {
    const member = await createMemberWithProfile(t.app);
    const notYet = await call('POST', '/api/ads/impressions/', member, { slot_key: 'adslot_general' });
    expect(notYet.json()).toMatchObject({ counted: false, impressions: 0, tokens_acumulados: 0 });
    expect((await call('POST', '/api/ads/impressions/', member, { slot_key: 'nonsense' })).statusCode).toBe(
      400,
    );

    await call('POST', '/api/monetizacion/activate/', member, { consent: true });
    for (let index = 0; index < 990; index += 1) {
      const slot = index % 2 ? 'adslot_general' : 'adslot_local_fr';
      const response = await call('POST', '/api/ads/impressions/', member, { slot_key: slot });
      expect(response.json<{ counted: boolean }>().counted).toBe(true);
    }
    expect((await call('GET', '/api/ads/stats/', member)).json()).toEqual({
      impressions: 990,
      campaign_participation: 2,
    });
    expect((await call('GET', '/api/monetizacion/profile/', member)).json()).toMatchObject({
      tokens_acumulados: 99,
      is_ready_for_payment: false,
    });

    await call('DELETE', '/api/monetizacion/activate/', member);
    const after = await call('POST', '/api/ads/impressions/', member, { slot_key: 'adslot_general' });
    expect(after.json()).toMatchObject({ counted: false, impressions: 990 });
  });

  it('serves slots from the functional profile only with consent, test slots without an ad client', async () => {
    const profile = { habla: 'caa', ver: 'auvegle', country: 'pt', ciudad: 'Porto' };
    const member = await createMemberWithProfile(t.app, profile);
    expect((await call('GET', '/api/ads/slot/', member)).json()).toEqual({
      ad_client: 'test',
      slots: [
        { slot_key: 'adslot_general', ad_slot: 'test-adslot_general' },
        { slot_key: 'adslot_local_pt', ad_slot: 'test-adslot_local_pt' },
      ],
    });
    await call('POST', '/api/monetizacion/activate/', member, { consent: true });
    const keys = (await call('GET', '/api/ads/slot/', member)).json<{ slots: { slot_key: string }[] }>();
    expect(keys.slots.map((slot) => slot.slot_key)).toEqual([
      'adslot_general',
      'adslot_caa',
      'adslot_sensoriel',
      'adslot_local_pt',
    ]);
  });

  it('applies every withdrawal rule of spec §5 with its key, and refuses the methods not yet available', async () => {
    const member = await activated();
    await giveTokens(member, 150);
    const withdraw = (change: Record<string, unknown>) =>
      call('POST', '/api/monetizacion/withdrawals/', member, { ...billing, tokens: 100, ...change });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ billing_name: '' }, 'billing_name', 'Please fill in the billing name'],
      [{ billing_phone: '   ' }, 'billing_phone', 'Please fill in the billing name'],
      [{ billing_email: 'ana@example' }, 'billing_email', 'valid e-mail'],
      [{ tokens: 98.9 }, 'tokens', 'from 99 tokens (990 impressions)'],
      [{ paypal_email: 'ana.example.org' }, 'paypal_email', 'PayPal account'],
      [{ method: 'iban', iban: 'ES12' }, 'iban', 'valid IBAN'],
      [{ method: 'blockchain', wallet_address: '' }, 'wallet_address', 'wallet'],
      [{ method: 'iban', iban: 'ES9121000418450200051332' }, 'method', 'not available yet'],
      [{ method: 'stripe' }, 'method', 'not available yet'],
      [{ method: 'blockchain', wallet_address: '0xabc' }, 'method', 'not available yet'],
      [{ tokens: 150.1 }, 'tokens', 'not have enough tokens'],
    ];
    for (const [change, field, text] of cases) {
      const response = await withdraw(change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().fields[field], JSON.stringify(change)).toContain(text);
    }
    expect((await call('GET', '/api/monetizacion/profile/', member)).json()).toMatchObject({
      tokens_acumulados: 150,
    });

    const done = await withdraw({ tokens: 99.5 });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({
      method: 'paypal',
      tokens: 99.5,
      euro_equivalent: 0.995,
      status: 'pending',
    });
    expect((await call('GET', '/api/monetizacion/profile/', member)).json()).toMatchObject({
      tokens_acumulados: 50.5,
    });
  });

  it('lets exactly one of 10 concurrent withdrawals spend a balance enough for one', async () => {
    const member = await activated();
    await giveTokens(member, 120);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/api/monetizacion/withdrawals/', member, { ...billing, tokens: 100 }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 400)).toHaveLength(9);
    const profile = (await call('GET', '/api/monetizacion/profile/', member)).json<{
      tokens_acumulados: number;
    }>();
    expect(profile.tokens_acumulados).toBe(20);
    expect((await call('GET', '/api/monetizacion/withdrawals/history/', member)).json()).toHaveLength(1);
  });

  it('lists withdrawals newest first, and a rejection gives the tokens back once', async () => {
    const member = await activated();
    await giveTokens(member, 300);
    const first = (
      await call('POST', '/api/monetizacion/withdrawals/', member, { ...billing, tokens: 100 })
    ).json<{
      id: number;
    }>();
    const second = (
      await call('POST', '/api/monetizacion/withdrawals/', member, { ...billing, tokens: 120 })
    ).json<{
      id: number;
    }>();
    const history = (await call('GET', '/api/monetizacion/withdrawals/history/', member)).json<
      { id: number }[]
    >();
    expect(history.map((row) => row.id)).toEqual([second.id, first.id]);
    expect(Object.keys(history[0] ?? {}).sort()).toEqual(
      ['created_at', 'euro_equivalent', 'id', 'method', 'status', 'tokens'].sort(),
    );

    const repository = createMonetizationRepository(t.app.database.db);
    await repository.setWithdrawalStatus(first.id, 'rejected');
    await repository.setWithdrawalStatus(first.id, 'rejected');
    const profile = (await call('GET', '/api/monetizacion/profile/', member)).json<{
      tokens_acumulados: number;
    }>();
    expect(profile.tokens_acumulados).toBe(180);
  });

  it('keeps the payment details and says when they are ready for a payment', async () => {
    const member = await activated();
    const saved = await call('POST', '/api/monetizacion/profile/', member, {
      ...billing,
      payment_method: 'paypal',
    });
    expect(saved.json()).toMatchObject({
      payment_method: 'paypal',
      paypal_email: 'ana.paypal@example.org',
      blockchain_network: 'ethereum',
      is_ready_for_payment: true,
    });
    const iban = await call('POST', '/api/monetizacion/profile/', member, {
      ...billing,
      payment_method: 'iban',
    });
    expect(iban.statusCode).toBe(400);
    const incomplete = await call('POST', '/api/monetizacion/profile/', member, {
      ...billing,
      payment_method: 'paypal',
      billing_phone: '',
    });
    expect(incomplete.json()).toMatchObject({ is_ready_for_payment: false });
  });
});

describe('the impression rate', () => {
  let t: TestApp;
  const call = calls(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  it('counts at most one impression per member per 15-second rotation; more are ignored, not errors', async () => {
    const member = await createMemberWithProfile(t.app);
    await call('POST', '/api/monetizacion/activate/', member, { consent: true });
    const results = [];
    for (let index = 0; index < 5; index += 1)
      results.push(
        (await call('POST', '/api/ads/impressions/', member, { slot_key: 'adslot_general' })).json(),
      );
    expect(results.map((result: { counted: boolean }) => result.counted)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect((await call('GET', '/api/ads/stats/', member)).json()).toMatchObject({ impressions: 1 });
  });
});
