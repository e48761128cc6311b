import type { Language } from '@juntos/domain';
import { translate } from '../../i18n/messages';
import { linkEmail } from '../../lib/email-layout';

/** One e-mail of the supporters' grants: a title, a line before the link, the link, lines after. */
function supporterEmail(options: {
  to: string;
  userId?: number;
  language: Language;
  key: 'supporter_invitation' | 'supporter_added' | 'supporter_removed';
  values: Record<string, string | number>;
  link: string;
  after: string[];
}) {
  const t = (name: string) => translate(options.language, `email.${options.key}.${name}`, options.values);
  return linkEmail({
    to: options.to,
    ...(options.userId === undefined ? {} : { userId: options.userId }),
    language: options.language,
    text: t,
    link: options.link,
    after: options.after.map(t),
  });
}

/**
 * The invitation to help a member, in the member's language (the platform may not know the
 * invited person's). It names the member's first name and the product, nothing about their health.
 */
export const supporterInvitationEmail = (options: {
  to: string;
  language: Language;
  link: string;
  member: string;
  days: number;
  product: string;
}) =>
  supporterEmail({
    to: options.to,
    language: options.language,
    key: 'supporter_invitation',
    values: { member: options.member, days: options.days, product: options.product },
    link: options.link,
    after: ['expires', 'ignore'],
  });

/**
 * Tells the member that someone now helps them, or no longer does: the member always learns of a
 * change to who may act for them, whoever made it, at once and in their own language.
 */
export const supporterChangeEmail = (options: {
  to: string;
  userId: number;
  language: Language;
  change: 'added' | 'removed';
  link: string;
  supporter: string;
  product: string;
}) =>
  supporterEmail({
    to: options.to,
    userId: options.userId,
    language: options.language,
    key: options.change === 'added' ? 'supporter_added' : 'supporter_removed',
    values: { supporter: options.supporter, product: options.product },
    link: options.link,
    after: ['next'],
  });
