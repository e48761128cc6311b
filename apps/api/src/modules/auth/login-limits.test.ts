import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adultPayload, createActiveMember, uniqueEmail } from '../../test-support/accounts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { allowedAgainst, timed } from '../../test-support/timing';
import { twoInstancesThroughRedis } from '../../test-support/two-instances';

/**
 * Issue 16: limits nobody can forge. Every app here counts for real (RATE_LIMIT_SCALE 1): five
 * wrong passwords per address and IP are free, the sixth makes the next attempt wait (doubling);
 * thirty failures per IP are free; the account itself is only ever slowed down.
 */
const WRONG = 'wrong password here';

type LoginOptions = { forwardedFor?: string; remoteAddress?: string };

const login = (t: TestApp, email: string, password: string, options: LoginOptions = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { email, password },
    headers: {
      'accept-language': 'en',
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });

let forged = 0;
/** A different made-up client address each time, as the attack in the issue sent. */
const forgedAddress = () => {
  forged += 1;
  return `198.51.100.${forged % 250}, 203.0.113.${(forged * 7) % 250}`;
};

describe('login limits without a trusted proxy (TRUST_PROXY unset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => t.cleanup());

  it('a signed-in session cannot guess the password through change-password or delete-account', async () => {
    const member = await createActiveMember(t.app);
    const guess = (url: string, payload: object) =>
      t.app.inject({
        method: url.includes('delete') ? 'DELETE' : 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${member.access}`, 'accept-language': 'en' },
      });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(
        (await guess('/api/change-password/', { current_password: WRONG, new_password: 'a new pass 12345' }))
          .statusCode,
      ).toBe(400);
      expect((await guess('/api/delete-account/', { password: WRONG })).statusCode).toBe(403);
    }
    const limited = await guess('/api/delete-account/', { password: member.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // The account is still there: the owner signs in.
    expect((await login(t, member.email, member.password, { remoteAddress: '192.0.2.77' })).statusCode).toBe(
      200,
    );
  });

  it('a new X-Forwarded-For on every attempt moves no limit: the sixth failure makes the next attempt wait', async () => {
    const member = await createActiveMember(t.app);
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const wrong = await login(t, member.email, WRONG, { forwardedFor: forgedAddress() });
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const limited = await login(t, member.email, member.password, { forwardedFor: forgedAddress() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', error: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('the waiting doubles with each further failure; a success after it clears the count', async () => {
    const member = await createActiveMember(t.app, { email: uniqueEmail('patient') });
    const from = { remoteAddress: '192.0.2.10' };
    const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 50));
    for (let attempt = 1; attempt <= 6; attempt += 1) await login(t, member.email, WRONG, from);
    const first = await login(t, member.email, member.password, from);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    await pause(1);
    expect((await login(t, member.email, WRONG, from)).statusCode).toBe(401);
    const second = await login(t, member.email, member.password, from);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    await pause(2);
    expect((await login(t, member.email, member.password, from)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 6; attempt += 1)
      expect((await login(t, member.email, WRONG, from)).statusCode).toBe(401);
  });

  it('many addresses from one IP: failures per IP are limited, whatever X-Forwarded-For says', async () => {
    const from = '192.0.2.20';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1)
      statuses.push(
        (
          await login(t, uniqueEmail('guess'), WRONG, {
            remoteAddress: from,
            forwardedFor: forgedAddress(),
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 31).every((status) => status === 401)).toBe(true);
    expect(statuses[31]).toBe(429);
    // Another IP is not affected.
    expect((await login(t, uniqueEmail('guess'), WRONG, { remoteAddress: '192.0.2.21' })).statusCode).toBe(
      401,
    );
  });

  it('many addresses of one IPv6 /64 count as one IP: the 32nd failure waits, another /64 does not', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1)
      statuses.push(
        (
          await login(t, uniqueEmail('guess'), WRONG, {
            // A fresh address of the same /64 each time, as one IPv6 subscriber can send.
            remoteAddress: `2001:db8:40:7:${((attempt * 7919) % 0x10000).toString(16)}:${attempt.toString(16)}::${attempt + 1}`,
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 31).every((status) => status === 401)).toBe(true);
    expect(statuses[31]).toBe(429);
    expect(
      (await login(t, uniqueEmail('guess'), WRONG, { remoteAddress: '2001:db8:40:8::1' })).statusCode,
    ).toBe(401);
  });

  it('an IPv4 client counts the same whether it arrives as a.b.c.d or as ::ffff:a.b.c.d', async () => {
    const member = await createActiveMember(t.app);
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const remoteAddress = attempt % 2 ? '192.0.2.90' : '::ffff:192.0.2.90';
      expect((await login(t, member.email, WRONG, { remoteAddress })).statusCode, `attempt ${attempt}`).toBe(
        401,
      );
    }
    expect(
      (await login(t, member.email, member.password, { remoteAddress: '::ffff:c000:25a' })).statusCode,
    ).toBe(429);
  });

  it('15 wrong passwords from another IP do not lock the owner out', async () => {
    const owner = await createActiveMember(t.app);
    // The reference: another member's login from an address of their own, nothing refused.
    const bystander = await createActiveMember(t.app);
    const quiet = await timed(() =>
      login(t, bystander.email, bystander.password, { remoteAddress: '192.0.2.31' }),
    );
    expect(quiet.value.statusCode).toBe(200);
    const attacker = { remoteAddress: '203.0.113.66' };
    const attempts: { status: number; started: number; ended: number }[] = [];
    for (let attempt = 0; attempt < 15; attempt += 1) {
      const started = performance.now();
      const { statusCode } = await login(t, owner.email, WRONG, attacker);
      attempts.push({ status: statusCode, started, ended: performance.now() });
    }
    // The attacker is the one made to wait: after five free failures, each wrong password checked
    // makes the next wait twice as long (1 s, 2 s, 4 s…). So k more checks need 2^k − 1 seconds
    // after the sixth: on a quiet machine, where all fifteen take well under a second, none; on a
    // starved one, no more than its time allows. Everything in between is refused.
    expect(attempts.slice(0, 6).map((attempt) => attempt.status)).toEqual([401, 401, 401, 401, 401, 401]);
    const later = attempts.slice(6);
    const seconds = (later.at(-1)!.ended - attempts[5]!.started) / 1000;
    expect(later.every((attempt) => attempt.status === 401 || attempt.status === 429)).toBe(true);
    expect(later.filter((attempt) => attempt.status === 401).length).toBeLessThanOrEqual(
      Math.floor(Math.log2(seconds + 1)),
    );
    expect(later.some((attempt) => attempt.status === 429)).toBe(true);
    // …while the owner, from their own address, signs in at once.
    const { value: ownerLogin, ms: ownerMs } = await timed(() =>
      login(t, owner.email, owner.password, { remoteAddress: '192.0.2.30' }),
    );
    expect(ownerLogin.statusCode).toBe(200);
    expect(ownerLogin.json()).toMatchObject({ is_active: true, access: expect.any(String) });
    // Not made to wait: the attacker's first delay alone is a second.
    expect(ownerMs).toBeLessThan(allowedAgainst(quiet.ms, { factor: 3, floorMs: 1500 }));
  });

  it('failures spread over many IPs only slow the account down; the owner still gets in', async () => {
    const owner = await createActiveMember(t.app);
    // 5 failures from each of 5 addresses: each stays within its free failures; 25 in all.
    for (let ip = 1; ip <= 5; ip += 1)
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await login(t, owner.email, WRONG, { remoteAddress: `198.18.0.${ip}` })).statusCode).toBe(
          401,
        );
    const started = Date.now();
    const ownerLogin = await login(t, owner.email, owner.password, { remoteAddress: '192.0.2.31' });
    expect(ownerLogin.statusCode).toBe(200);
    // Five failures past the account's twenty free ones: half a second of waiting, never a refusal.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('signing in to a pending account sends a new code only within the resend limit (5 an hour)', async () => {
    const pending = adultPayload();
    expect((await t.app.inject({ method: 'POST', url: '/api/register/', payload: pending })).statusCode).toBe(
      201,
    );
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await login(t, pending.email, pending.password, {
        remoteAddress: `192.0.2.${40 + attempt}`,
      });
      expect(answer.json(), `attempt ${attempt}`).toMatchObject({ activation_required: true });
    }
    const sixth = await login(t, pending.email, pending.password, { remoteAddress: '192.0.2.50' });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // The resend button shares the same count.
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/activate/resend/',
      payload: { email: pending.email },
    });
    expect(resend.statusCode).toBe(429);
  });
});

describe('sign-up limit without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => t.cleanup());

  it('a new X-Forwarded-For on every sign-up does not get past 10 an hour', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/register/',
            payload: adultPayload(),
            headers: { 'x-forwarded-for': forgedAddress() },
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('login limits behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1' });
  });
  afterAll(async () => t.cleanup());

  it('counts per forwarded client address', async () => {
    const member = await createActiveMember(t.app);
    const guesser = { forwardedFor: '203.0.113.77' };
    for (let attempt = 0; attempt < 6; attempt += 1)
      expect((await login(t, member.email, WRONG, guesser)).statusCode).toBe(401);
    expect((await login(t, member.email, member.password, guesser)).statusCode).toBe(429);
    // The same proxy forwarding another client: that client is not the one waiting.
    const owner = await login(t, member.email, member.password, { forwardedFor: '198.51.100.200' });
    expect(owner.statusCode).toBe(200);
  });
});

const redisUrl = process.env.REDIS_URL;

/** Two API instances on one database and one Redis (CI sets REDIS_URL; skipped without it). */
describe.skipIf(!redisUrl)('login limits shared by two instances through Redis', () => {
  const instances = twoInstancesThroughRedis(redisUrl ?? '', { RATE_LIMIT_SCALE: '1' });

  it('failures on one instance make the next attempt on the other wait', async () => {
    const { a, b, redis } = instances;
    const member = await createActiveMember(a.app);
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await login(a, member.email, WRONG)).statusCode).toBe(401);
    expect((await login(b, member.email, WRONG)).statusCode).toBe(401);
    const limited = await login(a, member.email, member.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await login(b, member.email, member.password)).statusCode).toBe(429);
    // The counters live under the deployment's prefix, with no address in the keys.
    const keys = await redis.keys('rate:*');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes(member.email) || key.includes('127.0.0.1'))).toBe(false);
  });
});
