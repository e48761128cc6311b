import { describe, expect, it } from 'vitest';
import { describeLeaks, findPersonalDataInLog, secretsInMessage } from './personal-data-in-log';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: 1795686793032, ...fields });

describe('findPersonalDataInLog', () => {
  const clean = [
    line({ req: { method: 'GET', url: '/reset-confirm?token=…' }, msg: 'incoming request' }),
    line({ userId: 12, outboxId: 3, msg: 'e-mail delivery failed' }),
    line({ msg: 'contact privacy@juntos.test', stack: 'at node_modules/.pnpm/pino@9.14.0/x.js' }),
  ].join('\n');

  it('finds nothing in a log that holds only ids, masked values and allowed addresses', () => {
    expect(
      findPersonalDataInLog(clean, {
        emails: ['ana.garcia@example.org'],
        names: ['Ana', 'García'],
        phones: ['+34 600 111 222'],
        secrets: ['123456', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMiJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg'],
        allowedEmails: ['privacy@juntos.test'],
      }),
    ).toEqual([]);
  });

  it('finds each listed value, in JSON or address spelling, and only where it stands alone', () => {
    const log = [
      line({ to: 'AGarcia@example.org' }),
      line({ msg: 'profile of Ana saved (Analysis ok)' }),
      line({ phone: '600111222' }),
      line({ url: '/x?code=123456' }),
      line({ msg: 'name "Jos\u00e9"' }),
      line({ msg: 'signature ...c2lnbmF0dXJlLW9mLXRoZS10b2tlbg' }),
    ].join('\n');
    const leaks = findPersonalDataInLog(log, {
      emails: ['agarcia@example.org'],
      names: ['Ana', 'José', 'Nobody'],
      phones: ['+34 600 111 222'],
      secrets: ['123456', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMiJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg'],
    });
    expect(leaks.map((leak) => `${leak.kind}:${leak.line}`)).toEqual([
      'email:1',
      'name:2',
      'name:5',
      'phone:3',
      'secret:4',
      'secret:6',
    ]);
    expect(describeLeaks(leaks)).toContain('email on log line 1');
  });

  it('catches what no list holds: other addresses, token values, JWTs', () => {
    const log = [
      line({ err: { message: 'rejected: <someone.else@example.net>' } }),
      line({ msg: 'link https://juntos.test/reset-confirm?token=abcdef123456' }),
      line({ msg: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIzIn0' }),
    ].join('\n');
    const leaks = findPersonalDataInLog(log, { allowedEmails: [] });
    expect(leaks.map((leak) => [leak.kind, leak.value])).toEqual([
      ['email-like', 'someone.else@example.net'],
      ['token-parameter', 'abcdef123456'],
      ['jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIzIn0'],
    ]);
  });
});

describe('secretsInMessage', () => {
  it('finds the reset token and the activation code, not dates or times', () => {
    const text = [
      'Your code is 482913. It works for 15 minutes.',
      'Open https://juntos.test/reset-confirm?token=Zm9vYmFy-baz_42 to choose a new password.',
      'Sent 2026-11-26 10:03:29, reference 1795686793032.',
    ].join('\n');
    expect(secretsInMessage(text)).toEqual(['Zm9vYmFy-baz_42', '482913']);
  });
});
