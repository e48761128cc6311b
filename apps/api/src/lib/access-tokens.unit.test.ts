import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const SESSION = '0f8fad5b-d9cb-469f-a165-70867728950e';
const tokens = createAccessTokens(SECRET);

/** A token signed with the right key but written by hand, as a forger with the key could. */
const handMade = (claims: Record<string, unknown>, subject = '7') =>
  new SignJWT({ typ: 'access', sid: SESSION, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode(SECRET));

describe('access tokens', () => {
  it('say whose session they are, and a supporter’s acting token also who acts', async () => {
    const own = await tokens.verify(await tokens.sign(7, SESSION));
    expect(own).toMatchObject({ userId: 7, sessionId: SESSION });
    expect(own?.supporterId).toBeUndefined();
    const acting = await tokens.verify(await tokens.sign(7, SESSION, 9));
    expect(acting).toMatchObject({ userId: 7, sessionId: SESSION, supporterId: 9 });
  });

  it('refuse an actor that is not one well-formed member other than the subject', async () => {
    for (const act of [{ sub: '7' }, { sub: '09' }, { sub: '1e3' }, { sub: 9 }, {}, 'nine', null])
      expect(await tokens.verify(await handMade({ act })), JSON.stringify(act)).toBeUndefined();
    expect(await tokens.verify(await handMade({ act: { sub: '9' } }))).toMatchObject({ supporterId: 9 });
  });

  it('refuse a token that is expired, never expires, is of another type or lacks its session', async () => {
    const key = new TextEncoder().encode(SECRET);
    const signed = (build: (jwt: SignJWT) => SignJWT, claims: Record<string, unknown> = {}) =>
      build(
        new SignJWT({ typ: 'access', sid: SESSION, ...claims })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('7'),
      ).sign(key);
    const cases = {
      expired: await signed((jwt) =>
        jwt
          .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60),
      ),
      'without exp': await signed((jwt) => jwt.setIssuedAt()),
      'without iat': await signed((jwt) => jwt.setExpirationTime('15m')),
      'a refresh type': await signed((jwt) => jwt.setIssuedAt().setExpirationTime('15m'), { typ: 'refresh' }),
      'without a session': await signed((jwt) => jwt.setIssuedAt().setExpirationTime('15m'), {
        sid: undefined,
      }),
      'a malformed session': await signed((jwt) => jwt.setIssuedAt().setExpirationTime('15m'), { sid: 'x' }),
    };
    for (const [name, token] of Object.entries(cases))
      expect(await tokens.verify(token), name).toBeUndefined();
    // The control: the same builder with every claim in place is accepted.
    expect(
      await tokens.verify(await signed((jwt) => jwt.setIssuedAt().setExpirationTime('15m'))),
    ).toMatchObject({ userId: 7 });
  });

  it('accept HS256 only: an unsigned token or another algorithm with the same key is refused', async () => {
    const claims = { typ: 'access', sid: SESSION };
    const unsigned = new UnsecuredJWT(claims).setSubject('7').setIssuedAt().setExpirationTime('15m').encode();
    expect(await tokens.verify(unsigned)).toBeUndefined();
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('7')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(hs512)).toBeUndefined();
    expect(await tokens.verify('not.a.token')).toBeUndefined();
    expect(await tokens.verify('')).toBeUndefined();
  });

  describe('checked once, then remembered', () => {
    afterEach(() => vi.useRealTimers());

    it('until it expires: a token accepted a moment ago is refused once its 15 minutes are over', async () => {
      vi.useFakeTimers({ now: new Date('2026-12-03T10:00:00Z'), toFake: ['Date'] });
      const token = await tokens.sign(7, SESSION);
      expect(await tokens.verify(token)).toMatchObject({ userId: 7 });
      vi.setSystemTime(new Date('2026-12-03T10:14:59Z'));
      expect(await tokens.verify(token)).toMatchObject({ userId: 7 });
      vi.setSystemTime(new Date('2026-12-03T10:15:01Z'));
      expect(await tokens.verify(token)).toBeUndefined();
    });

    it('as that very token only: one with its signature altered is still refused', async () => {
      const token = await tokens.sign(7, SESSION);
      expect(await tokens.verify(token)).toMatchObject({ userId: 7 });
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      const altered = `${token.slice(0, -2)}${last}${token.slice(-1)}`;
      expect(await tokens.verify(altered)).toBeUndefined();
      expect(await tokens.verify(`${token}.`)).toBeUndefined();
    });
  });

  it('refuse a token signed with another key', async () => {
    const other = createAccessTokens('another-secret-that-is-long-enough-too!!');
    expect(await tokens.verify(await other.sign(7, SESSION, 9))).toBeUndefined();
  });
});
