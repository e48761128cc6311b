import { afterAll, beforeAll } from 'vitest';
import { startFakePushService } from './fake-push-service';
import { startSmtpReceiver } from './smtp-receiver';

type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;

/**
 * An SMTP receiver and a fake push service for a `describe` block, for tests that read what the
 * platform e-mails and pushes. Call it before `testAppWithMembers` and give the app
 * `environment()`: vitest then starts both before the app and closes them after it (it runs
 * `afterAll` hooks in the reverse order), so no e-mail or push of the app finds them gone.
 */
export function mailAndPushReceivers() {
  let smtp: SmtpReceiver | undefined;
  let push: FakePushService | undefined;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    push = await startFakePushService();
  });
  afterAll(async () => {
    await smtp?.close();
    await push?.close();
  });
  const started = () => {
    if (!smtp || !push) throw new Error('The receivers start in the describe block’s beforeAll');
    return { smtp, push };
  };
  return {
    /** Every e-mail the app sent, as it arrived. */
    get smtp() {
      return started().smtp;
    },
    /** Every push the app sent, as it arrived. */
    get push() {
      return started().push;
    },
    /** What points the app at them; notification e-mails go at once instead of after the usual delay. */
    environment: () => ({
      SMTP_URL: started().smtp.url,
      NOTIFICATION_EMAIL_DELAY_SECONDS: '0',
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      PUSH_TEST_SERVICE: started().push.address,
    }),
  };
}
