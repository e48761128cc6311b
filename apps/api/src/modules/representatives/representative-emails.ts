import type { Language } from '@juntos/domain';
import { translate } from '../../i18n/messages';
import { linkEmail } from '../../lib/email-layout';
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
  return linkEmail({
    to: options.to,
    language: options.language,
    text: t,
    link: options.link,
    after: [t('confirm'), t('expires'), t('ignore')],
  });
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
  return linkEmail({
    to: options.to,
    userId: options.userId,
    language: options.language,
    text: t,
    link: options.link,
    after: [t('next')],
  });
}
