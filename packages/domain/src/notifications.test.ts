import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_KINDS,
  NotificationSettingsSchema,
  notificationLink,
  type Notification,
} from './notifications';

const base: Notification = {
  id: 1,
  kind: 'like',
  people: 1,
  events: 1,
  actors: [{ id: 7, nombre: 'Ana', apellidos: 'Ruiz' }],
  subject: { type: 'post', id: 3 },
  community_id: null,
  outcome: null,
  read: false,
  updated_at: '2026-11-26T10:00:00.000Z',
};

describe('where a notification leads', () => {
  it.each([
    [{ kind: 'friend_request' }, '/solicitudes'],
    [{ kind: 'friend_accepted' }, '/perfil/7'],
    [{ kind: 'friend_accepted', people: 2 }, '/buscar/amigos'],
    [{ kind: 'message' }, '/chat?amigo=7'],
    [{ kind: 'message', people: 2 }, '/chat'],
    [{ kind: 'like' }, '/feed'],
    [{ kind: 'comment', subject: { type: 'gallery_image', id: 3 } }, '/gallery'],
    [{ kind: 'comment', community_id: 9 }, '/comunidades/9'],
    [{ kind: 'community_reply', community_id: 9 }, '/comunidades/9'],
    [{ kind: 'withdrawal', outcome: 'paid', actors: [] }, '/monetizacion/historial-retiros'],
    [{ kind: 'moderation', outcome: 'content_hidden', actors: [] }, '/dashboard'],
    [{ kind: 'research', actors: [] }, '/recursos/para-ti'],
  ] as const)('%o → %s', (change, link) => {
    expect(notificationLink({ ...base, ...change } as Notification)).toBe(link);
  });
});

describe('notification settings', () => {
  const channels = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { in_app: true, email: false, push: false }]),
  );
  const valid = {
    channels,
    email_frequency: 'daily',
    quiet_from: '22:00',
    quiet_to: '07:00',
    time_zone: 'Europe/Madrid',
  };

  it('takes quiet hours over midnight in a known time zone', () => {
    expect(NotificationSettingsSchema.safeParse(valid).success).toBe(true);
  });

  it('refuses one end of quiet hours, a time that is not HH:MM, an unknown zone', () => {
    const issues = (value: object) => {
      const result = NotificationSettingsSchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(issues({ ...valid, quiet_to: null })).toEqual([
      ['quiet_to', 'notifications.errors.quiet_hours_pair'],
    ]);
    expect(issues({ ...valid, quiet_from: '7:00' })).toEqual([
      ['quiet_from', 'notifications.errors.time_of_day'],
    ]);
    expect(issues({ ...valid, time_zone: 'Mars/Olympus' })).toEqual([
      ['time_zone', 'notifications.errors.time_zone'],
    ]);
  });
});
