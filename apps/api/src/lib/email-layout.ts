import type { Language } from '@juntos/domain';
import { escapeHtml } from './html';
import type { OutgoingEmail } from './mailer';

/**
 * The one look of every e-mail the platform sends: a heading, an optional highlighted block (a
 * code, a button) and paragraphs, in large readable type. Paragraphs are escaped here;
 * `highlight` is HTML its caller built from escaped parts.
 */
export function emailLayout(language: Language, title: string, paragraphs: string[], highlight = '') {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;font-size:17px;line-height:1.6;color:#1d2a33;background:#ffffff;margin:0;padding:24px"><div style="max-width:560px;margin:0 auto"><h1 style="font-size:24px;color:#0f5c63">${escapeHtml(title)}</h1>${highlight}${body}</div></body></html>`;
}

/** A button-like link and the address written out, for clients that show no buttons. */
export function emailButton(link: string, label: string) {
  return `<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f5c63;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p><p style="margin:0 0 16px;word-break:break-all">${escapeHtml(link)}</p>`;
}

/**
 * An e-mail whose point is one link (a reset, an invitation, a notice with the page to act on):
 * the title, a line before the link, the link as a button and written out, then `after`, in the
 * plain-text part and the HTML part alike. `text` gives the message's own words by name.
 */
export function linkEmail(options: {
  to: string;
  userId?: number;
  language: Language;
  text: (part: 'subject' | 'title' | 'intro' | 'button') => string;
  link: string;
  after: string[];
}): OutgoingEmail {
  const { text, link, after } = options;
  return {
    to: options.to,
    ...(options.userId === undefined ? {} : { userId: options.userId }),
    subject: text('subject'),
    text: `${text('title')}\n\n${text('intro')}\n${link}\n\n${after.join('\n\n')}\n`,
    html: emailLayout(
      options.language,
      text('title'),
      after,
      `<p style="margin:0 0 16px">${escapeHtml(text('intro'))}</p>${emailButton(link, text('button'))}`,
    ),
  };
}
