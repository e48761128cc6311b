import webPush from 'web-push';
import type { Config } from '../../config';
import type { PushTarget } from './push-devices.repository';

export type PushOutcome = 'delivered' | 'gone' | 'failed';

/**
 * Sends one encrypted push message through the device's push service with the deployment's VAPID
 * signature (RFC 8291, 8292) via the `web-push` library. A 404 or 410 means the subscription is
 * gone for good; anything else is a failure to try again later.
 */
export function createPushSender(push: Config['push']) {
  const vapidDetails = { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey };
  return async (target: PushTarget, payload: string): Promise<PushOutcome> => {
    try {
      await webPush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        // A day: news older than that is in the centre and the digest anyway.
        { vapidDetails, TTL: 24 * 60 * 60, urgency: 'normal', topic: 'notifications', timeout: 10_000 },
      );
      return 'delivered';
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      return status === 404 || status === 410 ? 'gone' : 'failed';
    }
  };
}

export type PushSender = ReturnType<typeof createPushSender>;

/** Whether a subscription's address is one of the push services this deployment posts to. */
export function isPushServiceAddress(endpoint: string, allowedHosts: readonly string[]) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const allowed = allowedHosts.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern,
  );
  return allowed && url.protocol === 'https:';
}
