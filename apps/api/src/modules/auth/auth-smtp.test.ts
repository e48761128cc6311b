import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adultPayload, codeFrom } from '../../test-support/accounts';
import { parseEmail } from '../../test-support/email-message';
import { startSmtpReceiver } from '../../test-support/smtp-receiver';
import { createTestApp, type TestApp } from '../../test-support/test-app';

describe('e-mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Juntos <no-reply@juntos.test>' });
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  it('delivers the activation e-mail; the code read from it activates the account', async () => {
    const payload = adultPayload();
    expect((await t.app.inject({ method: 'POST', url: '/api/register/', payload })).statusCode).toBe(201);
    const message = smtp.messages.find((m) => m.to.includes(payload.email));
    expect(message?.from).toBe('no-reply@juntos.test');
    const email = parseEmail(message?.raw ?? '');
    expect(email.subject).toContain('activation code');
    const code = codeFrom(email.text);
    expect(email.html).toContain(code);
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/activate/',
      payload: { email: payload.email, code },
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().access).toEqual(expect.any(String));
  });
});
