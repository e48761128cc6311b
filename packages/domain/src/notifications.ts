import { z } from 'zod';

/*
 * Notifications (issue 20): what the platform tells a member who is away, in the notification
 * centre, by e-mail and by push. The kinds, the channels, the defaults and the answers' schemas
 * are shared by the API (which stores and sends) and the web app (which lists and sets).
 */

/** Every event worth telling, one kind each. */
export const NOTIFICATION_KINDS = [
  'friend_request',
  'friend_accepted',
  'comment',
  'like',
  'message',
  'moderation',
  'withdrawal',
  'community_reply',
  // Issue 35: an entry of the directory matches the research the member asked to hear of.
  'research',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds the platform itself tells (no member acted): shown whoever may be reached. */
export const PLATFORM_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'moderation',
  'withdrawal',
  'research',
];
/** Kinds counted by events rather than by people ("3 messages", "2 notices"). */
export const EVENT_COUNTED_KINDS: readonly NotificationKind[] = ['message', ...PLATFORM_NOTIFICATION_KINDS];

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const EMAIL_FREQUENCIES = ['immediately', 'daily', 'weekly', 'never'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

/** Stored notifications are deleted this many days after their last event. */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** Notifications per page of the centre. */
export const NOTIFICATION_PAGE_SIZE = 30;
/** Names shown on a grouped notification ("Ana, Luis and 3 others liked your post"). */
export const NOTIFICATION_NAMED_ACTORS = 2;

export type ChannelSwitches = Record<NotificationChannel, boolean>;

/**
 * What a member gets before choosing (issue 20): everything in the app; friend requests,
 * messages and what the platform decided by e-mail (in the daily digest) and push; likes in the
 * app only, since a stream of them by e-mail is noise to someone who is unwell.
 */
export const DEFAULT_CHANNELS: Record<NotificationKind, ChannelSwitches> = {
  friend_request: { in_app: true, email: true, push: true },
  friend_accepted: { in_app: true, email: true, push: true },
  comment: { in_app: true, email: true, push: true },
  like: { in_app: true, email: false, push: false },
  message: { in_app: true, email: true, push: true },
  moderation: { in_app: true, email: true, push: true },
  withdrawal: { in_app: true, email: true, push: true },
  community_reply: { in_app: true, email: true, push: true },
  // Asked for (a consent): told on every channel, and never naming the disease (decision 0041).
  research: { in_app: true, email: true, push: true },
};
export const DEFAULT_EMAIL_FREQUENCY: EmailFrequency = 'daily';

/** A time of day as "HH:MM" (24 hours), for quiet hours. */
const TimeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'notifications.errors.time_of_day' });

/** An IANA time zone name the runtime knows ("Europe/Madrid"). */
export const TimeZoneName = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'notifications.errors.time_zone' },
  );

const ChannelSwitchesSchema = z.object({ in_app: z.boolean(), email: z.boolean(), push: z.boolean() });

const NotificationSettingsFields = z.object({
  channels: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, ChannelSwitchesSchema])) as Record<
      NotificationKind,
      typeof ChannelSwitchesSchema
    >,
  ),
  email_frequency: z.enum(EMAIL_FREQUENCIES),
  /** Both set, or both null: no e-mail sent and no push shown between them, in `time_zone`. */
  quiet_from: TimeOfDay.nullable(),
  quiet_to: TimeOfDay.nullable(),
  time_zone: TimeZoneName,
});

export const NotificationSettingsSchema = NotificationSettingsFields.refine(
  (value) => (value.quiet_from === null) === (value.quiet_to === null),
  { message: 'notifications.errors.quiet_hours_pair', path: ['quiet_to'] },
);
/**
 * The settings screen's form: quiet hours are switched on and off by a box; off, both times are
 * sent as null (the times typed stay in the form, should the member switch them on again).
 */
export const NotificationSettingsFormSchema = NotificationSettingsFields.extend({ quiet_on: z.boolean() })
  .transform(({ quiet_on, ...settings }) =>
    quiet_on ? settings : { ...settings, quiet_from: null, quiet_to: null },
  )
  .pipe(NotificationSettingsSchema);
export type NotificationSettingsForm = z.input<typeof NotificationSettingsFormSchema>;
export type NotificationSettings = z.output<typeof NotificationSettingsSchema>;

/** What the settings screen shows besides the settings: where e-mails go, and why. */
export const NotificationSettingsAnswerSchema = z.object({
  settings: NotificationSettingsSchema,
  /** The address e-mails go to; for a minor it is the guardian's (the account's address). */
  email: z.string(),
  minor: z.boolean(),
});

export const NotificationActorSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellidos: z.string(),
});

/** What a notification is about (a friendship or a message names its members in `actors`). */
export const NotificationSubjectSchema = z.object({
  type: z.enum(['post', 'gallery_image', 'withdrawal']),
  id: z.number().int(),
});
export type NotificationSubject = z.output<typeof NotificationSubjectSchema>;

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** How many different members acted (likes, comments, requests), at least 1. */
  people: z.number().int(),
  /** How many events the notification groups (messages: how many were sent). */
  events: z.number().int(),
  /** The latest members who acted, newest first, at most NOTIFICATION_NAMED_ACTORS. */
  actors: z.array(NotificationActorSchema),
  subject: NotificationSubjectSchema.nullable(),
  /** For a community reply: the community the post is in. */
  community_id: z.number().int().nullable(),
  /** For a withdrawal: 'paid' or 'rejected'; for a moderation notice: its kind. */
  outcome: z.string().nullable(),
  read: z.boolean(),
  updated_at: z.string(),
});
export type Notification = z.output<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  results: z.array(NotificationSchema),
  /** The `before` cursor of the next (older) page, or null at the end. */
  next_before: z.number().int().nullable(),
});

export const NotificationPageQuery = z.object({
  before: z.coerce.number().int().min(1).optional(),
});

export const UnreadNotificationsSchema = z.object({ unread: z.number().int() });

/** Where a notification leads in the web app. */
export function notificationLink(notification: Notification): string {
  const { kind, subject } = notification;
  switch (kind) {
    case 'friend_request':
      return '/solicitudes';
    case 'friend_accepted':
      return notification.people === 1 && notification.actors[0]
        ? `/perfil/${notification.actors[0].id}`
        : '/buscar/amigos';
    case 'message':
      return notification.people === 1 && notification.actors[0]
        ? `/chat?amigo=${notification.actors[0].id}`
        : '/chat';
    case 'comment':
    case 'like':
      if (subject?.type === 'gallery_image') return '/gallery';
      if (notification.community_id !== null) return `/comunidades/${notification.community_id}`;
      return '/feed';
    case 'community_reply':
      return notification.community_id !== null
        ? `/comunidades/${notification.community_id}`
        : '/comunidades';
    case 'withdrawal':
      return '/monetizacion/historial-retiros';
    case 'moderation':
      return '/dashboard';
    case 'research':
      return '/recursos/para-ti';
  }
}

/** Longest push service address accepted (browsers' are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;
/** Devices with push on, per member: enough for every phone, tablet and computer one owns. */
export const PUSH_DEVICES_MAX = 20;

const base64url = (min: number, max: number) =>
  z
    .string()
    .regex(/^[\w-]+=*$/, { message: 'notifications.errors.push_subscription' })
    .min(min, { message: 'notifications.errors.push_subscription' })
    .max(max, { message: 'notifications.errors.push_subscription' });

/** What the browser's PushManager gives (PushSubscription.toJSON()), as the web app sends it. */
export const PushSubscriptionInput = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, message: 'notifications.errors.push_subscription' })
    .max(PUSH_ENDPOINT_MAX_LENGTH, { message: 'notifications.errors.push_subscription' }),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export type PushSubscriptionInput = z.output<typeof PushSubscriptionInput>;

export const PushDeviceSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The push service address, so a browser can tell which device in the list is itself. */
  endpoint: z.string(),
  created_at: z.string(),
});
export type PushDevice = z.output<typeof PushDeviceSchema>;
export const PushKeySchema = z.object({ public_key: z.string() });
