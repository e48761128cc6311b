import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
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

  it('refuse a token signed with another key', async () => {
    const other = createAccessTokens('another-secret-that-is-long-enough-too!!');
    expect(await tokens.verify(await other.sign(7, SESSION, 9))).toBeUndefined();
  });
});
