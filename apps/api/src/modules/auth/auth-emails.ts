import type { Language } from '@juntos/domain';
import { translate } from '../../i18n/messages';
import { escapeHtml } from '../../lib/html';
import { emailButton, emailLayout as layout, linkEmail } from '../../lib/email-layout';
import type { OutgoingEmail } from '../../lib/mailer';

/**
 * The activation and reset messages, in the member's language. They name the product and the
 * action only: nothing about the member's health or profile (e-mail is not a private channel).
 */
export function activationEmail(options: {
  to: string;
  userId: number;
  language: Language;
  code: string;
  minutes: number;
  product: string;
}): OutgoingEmail {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(options.language, `email.activation.${key}`, {
      product: options.product,
      minutes: options.minutes,
      ...values,
    });
  const lines = [t('intro'), t('expires'), t('ignore')];
  return {
    to: options.to,
    userId: options.userId,
    subject: t('subject'),
    text: `${t('title')}\n\n${t('code_label')}: ${options.code}\n\n${lines.join('\n\n')}\n`,
    html: layout(
      options.language,
      t('title'),
      lines,
      `<p style="margin:0 0 16px">${escapeHtml(t('code_label'))}:</p><p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 24px">${options.code}</p>`,
    ),
  };
}

export function passwordResetEmail(options: {
  to: string;
  userId: number;
  language: Language;
  link: string;
  minutes: number;
  product: string;
}): OutgoingEmail {
  const t = (key: string) =>
    translate(options.language, `email.reset.${key}`, { product: options.product, minutes: options.minutes });
  return linkEmail({
    to: options.to,
    userId: options.userId,
    language: options.language,
    text: t,
    link: options.link,
    after: [t('expires'), t('ignore')],
  });
}

const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;

/** The changes to an account that its owner is told of by e-mail, wherever they were made. */
export type SecurityEvent = 'password_changed' | 'password_reset' | 'passkey_added';

/**
 * A notice that something able to open the account changed: what, when, and what to do if it was
 * not the member (a new password through the reset link, which ends every session and removes
 * every passkey). It names no device or place beyond the passkey's own label: the mailbox may be
 * read by others, and a stranger with the password must learn nothing from it.
 */
export function securityNoticeEmail(options: {
  to: string;
  userId: number;
  language: Language;
  event: SecurityEvent;
  at: Date;
  /** What the event says more: the passkey's label; whether other sessions ended and passkeys went. */
  details: { label?: string; passkeysRemoved?: boolean };
  resetLink: string;
  contact: string;
  product: string;
}): OutgoingEmail {
  const time = new Intl.DateTimeFormat(options.language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(options.at);
  const t = (key: string) =>
    translate(options.language, `email.security.${key}`, {
      product: options.product,
      time,
      contact: options.contact,
      label: options.details.label ?? '',
    });
  const event = (key: string) => t(`${options.event}.${key}`);
  const what = [event('what')];
  if (options.event === 'password_changed')
    what.push(t(options.details.passkeysRemoved ? 'passkeys_removed' : 'passkeys_kept'));
  const lines = [...what, t('when'), t('if_you'), t('not_you')];
  const closing = t('contact');
  return {
    to: options.to,
    userId: options.userId,
    subject: event('subject'),
    text: `${event('title')}\n\n${lines.join('\n\n')}\n${options.resetLink}\n\n${closing}\n`,
    // The button follows the advice it belongs to, so the whole body is built here, escaped.
    html: layout(
      options.language,
      event('title'),
      [],
      `${lines.map(paragraph).join('')}${emailButton(options.resetLink, t('button'))}${paragraph(closing)}`,
    ),
  };
}
