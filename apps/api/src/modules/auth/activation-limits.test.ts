import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, users } from '../../db/schema';
import { adultPayload, codeFrom, lastEmailTo } from '../../test-support/accounts';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * Issue 32 (9): five wrong activation codes from anywhere once spent a pending account's code, so
 * anyone who knew an address could keep its owner from ever activating. Wrong codes are now
 * limited per client address; the account only waits a while after five, and keeps its code.
 * Every app here counts for real (RATE_LIMIT_SCALE 1).
 */
describe('wrong activation codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => t.cleanup());

  const activate = (email: string, code: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/activate/',
      payload: { email, code },
      headers: { 'accept-language': 'en' },
      remoteAddress,
    });
  const pendingAccount = async (remoteAddress: string) => {
    const payload = adultPayload();
    const registered = await t.app.inject({ method: 'POST', url: '/api/register/', payload, remoteAddress });
    expect(registered.statusCode, registered.body).toBe(201);
    const code = codeFrom((await lastEmailTo(t.app, payload.email)).textBody);
    return { email: payload.email, code, wrong: code === '000000' ? '111111' : '000000' };
  };

  it('from five strangers’ addresses do not spend the code: its owner activates with it', async () => {
    const owner = await pendingAccount('198.51.100.1');
    for (let stranger = 1; stranger <= 5; stranger += 1) {
      const guess = await activate(owner.email, owner.wrong, `203.0.113.${stranger}`);
      expect(guess.statusCode).toBe(400);
      expect(guess.json()).toMatchObject({ code: 'invalid_code' });
    }
    const activated = await activate(owner.email, owner.code, '198.51.100.1');
    expect(activated.statusCode, activated.body).toBe(200);
  });

  it('past five on one account, the account waits a while (429) but keeps its code', async () => {
    const owner = await pendingAccount('198.51.100.2');
    for (let stranger = 1; stranger <= 6; stranger += 1)
      expect((await activate(owner.email, owner.wrong, `203.0.113.${20 + stranger}`)).statusCode).toBe(400);
    const waiting = await activate(owner.email, owner.code, '198.51.100.2');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    // Not spent: the stored code is still there, far from its ceiling.
    const [user] = await t.app.database.db.select().from(users).where(eq(users.email, owner.email));
    const [stored] = await t.app.database.db
      .select()
      .from(activationCodes)
      .where(eq(activationCodes.userId, user!.id));
    expect(stored).toMatchObject({ failedAttempts: 6 });
  });

  it('from one address are limited across accounts: past five, that address waits, others do not', async () => {
    const accounts = [];
    for (let index = 0; index < 3; index += 1) accounts.push(await pendingAccount('198.51.100.3'));
    const guesser = '203.0.113.99';
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const target = accounts[attempt % accounts.length]!;
      statuses.push((await activate(target.email, target.wrong, guesser)).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    const limited = await activate(accounts[0]!.email, accounts[0]!.wrong, guesser);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Unknown addresses count as wrong guesses too, and the guesser's wait holds for them.
    expect((await activate('nobody@example.org', '123456', guesser)).statusCode).toBe(429);
    // The owners, from their own address, are not held up by the guesser.
    for (const account of accounts)
      expect((await activate(account.email, account.code, '198.51.100.3')).statusCode).toBe(200);
  });
});
