import type { Language } from '@juntos/domain';
import { translate } from '../../i18n/messages';
import { emailButton, emailLayout } from '../../lib/email-layout';
import { escapeHtml } from '../../lib/html';
import type { OutgoingEmail } from '../../lib/mailer';

/**
 * The invitation to represent an organisation (issue 35), in the inviter's language (the
 * platform does not know the invited person's). It names the organisation and the product only:
 * nothing about who invited them or about anyone's health.
 */
export function representativeInvitationEmail(options: {
  to: string;
  language: Language;
  link: string;
  organisation: string;
  days: number;
  product: string;
}): OutgoingEmail {
  const t = (key: string) =>
    translate(options.language, `email.representative_invitation.${key}`, {
      product: options.product,
      organisation: options.organisation,
      days: options.days,
    });
  const lines = [t('confirm'), t('expires'), t('ignore')];
  return {
    to: options.to,
    subject: t('subject'),
    text: `${t('title')}\n\n${t('intro')}\n${options.link}\n\n${lines.join('\n\n')}\n`,
    html: emailLayout(
      options.language,
      t('title'),
      lines,
      `<p style="margin:0 0 16px">${escapeHtml(t('intro'))}</p>${emailButton(options.link, t('button'))}`,
    ),
  };
}

/**
 * Tells a member that an administrator confirmed or ended their role, in the member's own
 * language: the role was given and taken by someone else, so the person learns of it at once and
 * not on their next visit. It names the organisation only, as the invitation did.
 */
export function representativeRoleEmail(options: {
  to: string;
  userId: number;
  language: Language;
  change: 'confirmed' | 'ended';
  link: string;
  organisation: string;
  product: string;
}): OutgoingEmail {
  const t = (key: string) =>
    translate(options.language, `email.representative_role.${options.change}.${key}`, {
      product: options.product,
      organisation: options.organisation,
    });
  return {
    to: options.to,
    userId: options.userId,
    subject: t('subject'),
    text: `${t('title')}\n\n${t('intro')}\n${options.link}\n\n${t('next')}\n`,
    html: emailLayout(
      options.language,
      t('title'),
      [t('next')],
      `<p style="margin:0 0 16px">${escapeHtml(t('intro'))}</p>${emailButton(options.link, t('button'))}`,
    ),
  };
}
