import type { TFunction } from 'i18next';
import type { Notification } from '@juntos/domain';

/**
 * The sentence of one notification in the member's language: who (the latest member by name,
 * then how many others), what, and on what. Grouped repeats read as one sentence ("Ana and 2
 * others liked your picture"); messages count messages, the rest count people.
 */
export function notificationText(t: TFunction, notification: Notification): string {
  const { kind, actors, people, events, outcome, subject } = notification;
  const first = actors[0];
  const name = first ? `${first.nombre} ${first.apellidos}`.trim() : t('notifications.someone');
  const others = Math.max(0, people - 1);
  const on = subject?.type === 'gallery_image' ? 'picture' : 'post';
  switch (kind) {
    case 'friend_request':
    case 'friend_accepted':
    case 'community_reply':
      return others === 0
        ? t(`notifications.items.${kind}`, { name })
        : t(`notifications.items.${kind}_group`, { name, count: others });
    case 'comment':
    case 'like':
      return others === 0
        ? t(`notifications.items.${kind}_${on}`, { name })
        : t(`notifications.items.${kind}_${on}_group`, { name, count: others });
    case 'message':
      return people <= 1
        ? t('notifications.items.message', { name, count: events })
        : t('notifications.items.message_group', { count: events, people });
    case 'withdrawal':
      return t(
        outcome === 'paid'
          ? 'notifications.items.withdrawal_paid'
          : 'notifications.items.withdrawal_rejected',
      );
    case 'research':
      // Never the disease or the entry: the centre may be read over a shoulder, like the e-mail.
      return events > 1
        ? t('notifications.items.research_group', { count: events })
        : t('notifications.items.research');
    case 'moderation':
      return events > 1
        ? t('notifications.items.moderation_group', { count: events })
        : t(`notifications.items.moderation_${outcome ?? 'report_outcome'}`);
  }
}
