import type { Language } from '@juntos/domain';
import { translate } from '../../i18n/messages';
import { escapeHtml } from '../../lib/html';
import { emailButton, emailLayout as layout } from '../../lib/email-layout';
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
  const lines = [t('expires'), t('ignore')];
  return {
    to: options.to,
    userId: options.userId,
    subject: t('subject'),
    text: `${t('title')}\n\n${t('intro')}\n${options.link}\n\n${lines.join('\n\n')}\n`,
    html: layout(
      options.language,
      t('title'),
      lines,
      `<p style="margin:0 0 16px">${escapeHtml(t('intro'))}</p>${emailButton(options.link, t('button'))}`,
    ),
  };
}
