import type { Language, NotificationKind } from '@juntos/domain';
import { EVENT_COUNTED_KINDS, NOTIFICATION_KINDS } from '@juntos/domain';
import { translate, translatePlural } from '../../i18n/messages';
import { emailButton, emailLayout } from '../../lib/email-layout';
import { escapeHtml } from '../../lib/html';
import type { OutgoingEmail } from '../../lib/mailer';

export type KindCount = { kind: NotificationKind; events: number; people: number };

/** The number a line counts: people for what people did, events for messages and notices. */
const countedOf = ({ kind, events, people }: KindCount) =>
  EVENT_COUNTED_KINDS.includes(kind) || people === 0 ? events : people;

/**
 * An e-mail about what happened while the member was away (issue 20): counts per kind and links,
 * nothing else. No name, no disease, no community, no message text: an inbox is not a private
 * place, and a guardian or a partner may read it. Carries RFC 8058 one-click unsubscribe headers.
 */
export function notificationEmail(options: {
  to: string;
  userId: number;
  language: Language;
  product: string;
  digest: 'immediately' | 'daily' | 'weekly';
  counts: KindCount[];
  links: { centre: string; settings: string; unsubscribePage: string; unsubscribeOneClick: string };
}): OutgoingEmail {
  const { language, product, links } = options;
  const t = (key: string) => translate(language, `email.notifications.${key}`, { product });
  const ordered = [...options.counts].sort(
    (a, b) => NOTIFICATION_KINDS.indexOf(a.kind) - NOTIFICATION_KINDS.indexOf(b.kind),
  );
  const lines = ordered
    .filter((count) => countedOf(count) > 0)
    .map((count) =>
      // Research news (issue 35) reads as one sentence when there is one; never what it is about.
      count.kind === 'research' && countedOf(count) === 1
        ? translate(language, 'email.notifications.research_news')
        : translatePlural(language, `email.notifications.kinds.${count.kind}`, countedOf(count)),
    );
  const title = t(`title_${options.digest}`);
  const footer = [
    t('why'),
    `${t('settings')} ${links.settings}`,
    `${t('unsubscribe')} ${links.unsubscribePage}`,
  ];
  return {
    to: options.to,
    userId: options.userId,
    subject: t(`subject_${options.digest}`),
    text: `${title}\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\n${t('open')}: ${links.centre}\n\n${footer.join('\n\n')}\n`,
    html: emailLayout(
      language,
      title,
      footer,
      `<ul style="margin:0 0 24px;padding-left:20px">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>${emailButton(links.centre, t('open'))}`,
    ),
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeOneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    throwOnFailure: true,
  };
}
