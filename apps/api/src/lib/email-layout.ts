import type { Language } from '@juntos/domain';
import { escapeHtml } from './html';

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
