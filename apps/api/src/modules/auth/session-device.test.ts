import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema';
import { signUpThroughApi } from '../../test-support/accounts';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Tokens = { access: string; refresh: string };

/** Each session records the browser it was opened from, for the member's own list of sessions. */
describe('the device of a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  const devicesOf = async (userId: number) =>
    (
      await t.app.database.db
        .select({ device: refreshTokens.device })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, userId))
        .orderBy(asc(refreshTokens.id))
    ).map((row) => row.device);

  const signIn = (email: string, password: string, userAgent?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email, password },
      headers: userAgent === undefined ? {} : { 'user-agent': userAgent },
    });

  it("records the sign-in's User-Agent (at most 200 characters, none when absent); rotations keep it", async () => {
    const member = await signUpThroughApi(t.app);
    const phone =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
    const first = await signIn(member.email, member.password, `  ${phone}  `);
    expect(first.statusCode).toBe(200);
    const long = `Mozilla/5.0 ${'x'.repeat(400)}`;
    expect((await signIn(member.email, member.password, long)).statusCode).toBe(200);
    expect((await signIn(member.email, member.password, '   ')).statusCode).toBe(200);

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: first.json<Tokens>().refresh },
      // Another browser presenting the token changes nothing: the family keeps its device.
      headers: { 'user-agent': 'curl/8.0' },
    });
    expect(rotated.statusCode).toBe(200);

    const devices = await devicesOf(member.user.id);
    // The activation's session (inject's own User-Agent), the three sign-ins, then the rotation.
    expect(devices).toEqual(['lightMyRequest', phone, long.slice(0, 200), null, phone]);
    expect(devices.every((device) => device === null || device.length <= 200)).toBe(true);
  });
});
