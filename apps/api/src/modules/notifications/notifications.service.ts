import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_RETENTION_DAYS,
  PUSH_DEVICES_MAX,
  negotiateLanguage,
  type Notification,
  type NotificationSettings,
  type PushDevice,
  type PushSubscriptionInput,
} from '@juntos/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../lib/app-error';
import { translatePlural } from '../../i18n/messages';
import type { JobQueue } from '../../lib/job-queue';
import type { Mailer } from '../../lib/mailer';
import type { FanOut } from '../../realtime';
import { notificationEmail } from './notification-emails';
import { deviceLabel } from '../../lib/device-label';
import type { PushDevicesRepository } from './push-devices.repository';
import { isPushServiceAddress, type PushSender, type PushServiceRules } from './push-sender';
import {
  kindsWith,
  type NotificationEvent,
  type NotificationsRepository,
  type Preferences,
} from './notifications.repository';
import { minutesOfDay, secondsOfQuietLeft, timeOfDay } from './quiet-hours';

export const NOTIFICATION_JOBS = {
  email: 'notification-email',
  push: 'notification-push',
  digestSweep: 'notification-digest-sweep',
  digest: 'notification-digest',
  expire: 'notifications-expire',
} as const;

/** Members whose digest is queued per sweep; the next sweep (every 15 minutes) takes the rest. */
const DIGESTS_PER_SWEEP = 500;

/** The live frame that tells a member's open tabs to count their notifications again. */
export const NOTIFICATIONS_CHANGED = { type: 'notifications_changed' } as const;

export type NotificationsServiceDeps = {
  repository: NotificationsRepository;
  fanOut: FanOut;
  jobs: JobQueue;
  mailer: Mailer;
  /** Whether the member has a live connection now (a message while away is told, not otherwise). */
  isOnline: (userId: number) => Promise<boolean>;
  secret: string;
  /** The VAPID public key browsers subscribe with. */
  pushPublicKey: string;
  publicUrl: string;
  productName: string;
  emailDelaySeconds: number;
  devices: PushDevicesRepository;
  sendPush: PushSender;
  /** The push services a subscription may point at (Config['push']). */
  pushServices: PushServiceRules;
  log: FastifyBaseLogger;
};

/**
 * The notification centre and what it sends while the member is away (issue 20). Events are
 * recorded where they happen (a like, a request, a message to someone offline), once, by the
 * instance that handled them, so several instances never make two rows. E-mails go through the
 * durable job queue: an "immediately" e-mail waits a little (one e-mail for a burst), digests are
 * queued by a sweep every 15 minutes, and both wait for the end of quiet hours.
 */
export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { repository, jobs } = deps;

  const unsubscribeSignature = (userId: number) =>
    createHmac('sha256', deps.secret).update(`juntos:unsubscribe:v1:${userId}`).digest('base64url');
  const unsubscribeToken = (userId: number) => `${userId}.${unsubscribeSignature(userId)}`;

  /** The member a signed unsubscribe token names, or undefined for a forged or damaged one. */
  function memberOfToken(token: string): number | undefined {
    const [id, signature] = token.split('.');
    const userId = Number(id);
    if (!Number.isSafeInteger(userId) || userId <= 0 || !signature) return undefined;
    const expected = Buffer.from(unsubscribeSignature(userId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
  }

  const quietLeft = (preferences: Preferences) =>
    secondsOfQuietLeft(new Date(), {
      from: preferences.quietFrom,
      to: preferences.quietTo,
      timeZone: preferences.timeZone,
    });

  async function record(event: NotificationEvent) {
    if (event.actorId === event.userId) return;
    if (
      (event.actorId !== null || event.words) &&
      (await repository.unwanted(event.userId, event.actorId, event.words))
    )
      return;
    const preferences = await repository.preferences(event.userId);
    const channels = preferences.channels[event.kind];
    if (!channels.in_app && !channels.email && !channels.push) return;
    await repository.record(event);
    if (channels.in_app) await deps.fanOut.publish(event.userId, NOTIFICATIONS_CHANGED);
    // No job for a member without a device: most members never turn push on.
    if (channels.push && (await deps.devices.count(event.userId)) > 0)
      await jobs.send(
        NOTIFICATION_JOBS.push,
        { userId: event.userId },
        { singletonKey: String(event.userId), startAfterSeconds: quietLeft(preferences) },
      );
    if (channels.email && preferences.emailFrequency === 'immediately')
      await jobs.send(
        NOTIFICATION_JOBS.email,
        { userId: event.userId },
        {
          singletonKey: String(event.userId),
          startAfterSeconds: Math.max(deps.emailDelaySeconds, quietLeft(preferences)),
        },
      );
  }

  /**
   * One platform event for many members (issue 35: a directory entry matching everyone who asked
   * to hear of it), in a fixed number of statements whatever the number of members: their
   * choices, the notifications, who has a device; then a push or e-mail job only for those who
   * want one. The same rules as `record`, member by member.
   */
  async function recordMany(
    userIds: readonly number[],
    event: Omit<NotificationEvent, 'userId' | 'actorId'>,
  ) {
    const preferences = await repository.preferencesOf(userIds);
    const wanting = userIds.filter((userId) => {
      const channels = preferences.get(userId)!.channels[event.kind];
      return channels.in_app || channels.email || channels.push;
    });
    await repository.recordMany(wanting, event);
    const pushing = wanting.filter((userId) => preferences.get(userId)!.channels[event.kind].push);
    const withDevices = await deps.devices.withDevices(pushing);
    for (const userId of wanting) {
      const choice = preferences.get(userId)!;
      const channels = choice.channels[event.kind];
      if (channels.in_app) await deps.fanOut.publish(userId, NOTIFICATIONS_CHANGED);
      if (channels.push && withDevices.has(userId))
        await jobs.send(
          NOTIFICATION_JOBS.push,
          { userId },
          { singletonKey: String(userId), startAfterSeconds: quietLeft(choice) },
        );
      if (channels.email && choice.emailFrequency === 'immediately')
        await jobs.send(
          NOTIFICATION_JOBS.email,
          { userId },
          {
            singletonKey: String(userId),
            startAfterSeconds: Math.max(deps.emailDelaySeconds, quietLeft(choice)),
          },
        );
    }
  }

  /** Records an event without failing the action that caused it (the like is stored already). */
  async function tell(event: NotificationEvent) {
    try {
      await record(event);
    } catch (error) {
      deps.log.error({ err: error, userId: event.userId, kind: event.kind }, 'notification not recorded');
    }
  }

  /** Sends the e-mail of what is unread and not yet e-mailed; nothing when there is nothing. */
  async function sendEmail(userId: number, digest: 'immediately' | 'daily' | 'weekly') {
    const preferences = await repository.preferences(userId);
    const recipient = await repository.recipient(userId);
    if (!recipient) return false;
    const emailKinds = kindsWith(preferences, 'email');
    const { counts, asOf } = await repository.pending(userId, emailKinds, 'email');
    if (counts.length === 0 || asOf === null) return false;
    const token = unsubscribeToken(userId);
    await deps.mailer.send(
      notificationEmail({
        to: recipient.email,
        userId,
        language: negotiateLanguage(recipient.language),
        product: deps.productName,
        digest,
        counts,
        links: {
          centre: `${deps.publicUrl}/notificaciones`,
          settings: `${deps.publicUrl}/ajustes/notificaciones`,
          unsubscribePage: `${deps.publicUrl}/baja/${token}`,
          unsubscribeOneClick: `${deps.publicUrl}/api/notificaciones/baja/${token}/`,
        },
      }),
    );
    await repository.markSent(userId, emailKinds, asOf, 'email');
    return true;
  }

  jobs.handle<{ userId: number }>(
    NOTIFICATION_JOBS.email,
    async ({ userId }) => {
      const preferences = await repository.preferences(userId);
      // Changed since the event: the digest (or nothing) takes over.
      if (preferences.emailFrequency !== 'immediately') return;
      await sendEmail(userId, 'immediately');
    },
    { debounced: true },
  );
  jobs.handle<{ userId: number }>(
    NOTIFICATION_JOBS.digest,
    async ({ userId }) => {
      const preferences = await repository.preferences(userId);
      if (preferences.emailFrequency !== 'daily' && preferences.emailFrequency !== 'weekly') return;
      if (await sendEmail(userId, preferences.emailFrequency)) await repository.markDigestSent(userId);
    },
    { debounced: true },
  );
  jobs.handle<{ userId: number }>(NOTIFICATION_JOBS.push, async ({ userId }) => sendPush(userId), {
    debounced: true,
  });
  jobs.handle(NOTIFICATION_JOBS.digestSweep, async () => {
    await queueDueDigests();
  });
  jobs.handle(NOTIFICATION_JOBS.expire, async () => {
    const deleted = await repository.expire(NOTIFICATION_RETENTION_DAYS);
    if (deleted > 0) deps.log.info({ deleted }, 'expired notifications deleted');
  });
  jobs.every(NOTIFICATION_JOBS.digestSweep, '*/15 * * * *');
  jobs.every(NOTIFICATION_JOBS.expire, '17 3 * * *');

  /**
   * Pushes "N new notifications" to every device of the member: a count, the product's name and
   * the centre's address, nothing else (the lock screen is as public as an inbox). Devices whose
   * subscription is gone are forgotten; if no device took it and one failed for a while (a push
   * service down), the job fails and is tried again.
   */
  async function sendPush(userId: number) {
    const preferences = await repository.preferences(userId);
    const pushKinds = kindsWith(preferences, 'push');
    const { counts, asOf } = await repository.pending(userId, pushKinds, 'push');
    if (counts.length === 0 || asOf === null) return;
    const targets = await deps.devices.targets(userId, PUSH_DEVICES_MAX);
    if (targets.length > 0) {
      const recipient = await repository.recipient(userId);
      const language = negotiateLanguage(recipient?.language);
      const waiting = counts.reduce((sum, count) => sum + count.notifications, 0);
      const payload = JSON.stringify({
        title: deps.productName,
        body: translatePlural(language, 'notifications.push.body', waiting),
        url: '/notificaciones',
      });
      const outcomes = await Promise.all(targets.map((target) => deps.sendPush(target, payload)));
      // A refused device is kept (forgetting it would tell its owner that nothing answered there)
      // and logged by id: its address is the member's and no business of the log.
      for (const [index, target] of targets.entries())
        if (outcomes[index] === 'refused')
          deps.log.warn(
            { userId, deviceId: target.id },
            'push refused: the device’s address is no allowed push service',
          );
      await Promise.all(
        targets.flatMap((target, index) =>
          outcomes[index] === 'gone'
            ? [deps.devices.forget(target.id)]
            : outcomes[index] === 'delivered'
              ? [deps.devices.delivered(target.id)]
              : [],
        ),
      );
      if (!outcomes.includes('delivered') && outcomes.includes('failed'))
        throw new Error('no push service took the push');
    }
    await repository.markSent(userId, pushKinds, asOf, 'push');
  }

  /** Queues the digest of every member whose digest is due and who is not in quiet hours now. */
  async function queueDueDigests() {
    let queued = 0;
    for (const userId of await repository.dueForDigest(DIGESTS_PER_SWEEP)) {
      if (quietLeft(await repository.preferences(userId)) > 0) continue;
      if (await jobs.send(NOTIFICATION_JOBS.digest, { userId }, { singletonKey: String(userId) }))
        queued += 1;
    }
    return queued;
  }

  const settingsOf = (preferences: Preferences): NotificationSettings => ({
    channels: preferences.channels,
    email_frequency: preferences.emailFrequency,
    quiet_from: preferences.quietFrom === null ? null : timeOfDay(preferences.quietFrom),
    quiet_to: preferences.quietTo === null ? null : timeOfDay(preferences.quietTo),
    time_zone: preferences.timeZone,
  });

  async function listDevices(userId: number): Promise<PushDevice[]> {
    return (await deps.devices.list(userId, PUSH_DEVICES_MAX)).map((device) => ({
      id: device.id,
      label: device.label,
      endpoint: device.endpoint,
      created_at: device.createdAt.toISOString(),
    }));
  }

  async function settingsAnswer(userId: number) {
    const [preferences, recipient] = await Promise.all([
      repository.preferences(userId),
      repository.recipient(userId),
    ]);
    return {
      settings: settingsOf(preferences),
      email: recipient?.email ?? '',
      minor: recipient?.tipoRegistro === 'menor',
    };
  }

  return {
    tell,
    /** `recordMany`, throwing: the caller is a job, which is retried (the notices are idempotent upstream). */
    tellMany: recordMany,
    queueDueDigests,

    /** A new chat message: told only to a member with no open connection (the tab shows it otherwise). */
    async messageWhileAway(receiverId: number, senderId: number) {
      try {
        if (await deps.isOnline(receiverId)) return;
      } catch (error) {
        deps.log.error({ err: error }, 'presence unknown: the message is notified');
      }
      await tell({
        userId: receiverId,
        kind: 'message',
        actorId: senderId,
        groupKey: 'message',
        subject: null,
      });
    },

    async page(userId: number, before: number | undefined) {
      const preferences = await repository.preferences(userId);
      const rows = await repository.page(userId, kindsWith(preferences, 'in_app'), before);
      const results: Notification[] = rows.slice(0, NOTIFICATION_PAGE_SIZE).map((row) => ({
        id: row.id,
        kind: row.kind,
        people: row.people,
        events: row.events,
        actors: row.actors.map((actor) => ({ ...actor, id: Number(actor.id) })),
        subject:
          row.subjectType && row.subjectId !== null
            ? { type: row.subjectType as NonNullable<Notification['subject']>['type'], id: row.subjectId }
            : null,
        community_id: row.communityId,
        outcome: row.outcome,
        read: row.readAt !== null,
        updated_at: row.updatedAt.toISOString(),
      }));
      const last = results.at(-1);
      return { results, next_before: rows.length > NOTIFICATION_PAGE_SIZE && last ? last.id : null };
    },

    async unread(userId: number) {
      return { unread: await repository.unreadCount(userId) };
    },

    async markRead(userId: number, id: number) {
      if (!(await repository.markRead(userId, id))) throw notFound('notifications.errors.not_found');
      await deps.fanOut.publish(userId, NOTIFICATIONS_CHANGED);
    },

    async markAllRead(userId: number) {
      await repository.markAllRead(userId);
      await deps.fanOut.publish(userId, NOTIFICATIONS_CHANGED);
    },

    settings: settingsAnswer,

    async saveSettings(userId: number, settings: NotificationSettings) {
      await repository.savePreferences(userId, {
        channels: settings.channels,
        emailFrequency: settings.email_frequency,
        quietFrom: settings.quiet_from === null ? null : minutesOfDay(settings.quiet_from),
        quietTo: settings.quiet_to === null ? null : minutesOfDay(settings.quiet_to),
        timeZone: settings.time_zone,
      });
      await deps.fanOut.publish(userId, NOTIFICATIONS_CHANGED);
      return settingsAnswer(userId);
    },

    pushKey: () => ({ public_key: deps.pushPublicKey }),

    devices: listDevices,

    /** Turns push on for one of the member's devices (its browser's subscription). */
    async addDevice(userId: number, subscription: PushSubscriptionInput, userAgent: string | undefined) {
      if (!isPushServiceAddress(subscription.endpoint, deps.pushServices))
        throw new AppError(400, 'validation_failed', 'notifications.errors.push_service', {
          fields: { endpoint: 'notifications.errors.push_service' },
        });
      if ((await deps.devices.count(userId)) >= PUSH_DEVICES_MAX)
        throw new AppError(409, 'too_many_devices', 'notifications.errors.too_many_devices');
      const id = await deps.devices.save(userId, {
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        label: deviceLabel(userAgent),
      });
      const device = (await listDevices(userId)).find((listed) => listed.id === id);
      if (!device) throw new Error('push device stored but not listed');
      return device;
    },

    async removeDevice(userId: number, id: number) {
      if (!(await deps.devices.remove(userId, id))) throw notFound('notifications.errors.device_not_found');
    },

    /** One-click unsubscribe (RFC 8058): no session, the signed token is the proof. */
    async unsubscribe(token: string) {
      const userId = memberOfToken(token);
      if (userId === undefined || !(await repository.recipient(userId)))
        throw notFound('notifications.errors.unsubscribe_link');
      await repository.setEmailFrequency(userId, 'never');
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
