import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

type Part = { headers: Map<string, string>; body: string };

/** Splits a message (or a MIME part) into its unfolded headers and its body. */
function splitPart(raw: string): Part {
  const separator = /\r?\n\r?\n/.exec(raw);
  const head = separator ? raw.slice(0, separator.index) : raw;
  const body = separator ? raw.slice(separator.index + separator[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable: `=\r\n` is a soft line break, `=XX` a byte; the bytes are UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** The text of every text/plain part (or of the HTML parts when there is none), decoded. */
function textParts(part: Part): { plain: string[]; html: string[] } {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
    if (!boundary) return { plain: [], html: [] };
    const pieces = part.body.split(`--${boundary}`).slice(1);
    const found = { plain: [] as string[], html: [] as string[] };
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const inner = textParts(splitPart(piece.replace(/^\r?\n/, '')));
      found.plain.push(...inner.plain);
      found.html.push(...inner.html);
    }
    return found;
  }
  if (type.startsWith('text/html')) return { plain: [], html: [decodeBody(part)] };
  if (type.startsWith('text/')) return { plain: [decodeBody(part)], html: [] };
  return { plain: [], html: [] };
}

/** Reads one stored message: its recipients and its decoded text. */
export function readEmail(file: string): { to: string; subject: string; text: string } {
  const message = splitPart(readFileSync(file, 'utf8'));
  const { plain, html } = textParts(message);
  return {
    to: message.headers.get('to') ?? '',
    subject: message.headers.get('subject') ?? '',
    text: (plain.length ? plain : html).join('\n'),
  };
}

/**
 * Waits for the first message to `to` received at or after `since` (a Date.now() value) by the
 * SMTP receiver of the global setup, and returns its decoded text.
 */
export async function waitForEmail(to: string, since: number, timeoutMs = 30_000): Promise<string> {
  const mailDir = inject('mailDir');
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(mailDir)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => ({ name, received: Number(name.split('-')[0]) }))
      .filter((file) => file.received >= since)
      .sort((a, b) => a.received - b.received || a.name.localeCompare(b.name));
    for (const file of files) {
      const email = readEmail(path.join(mailDir, file.name));
      if (email.to.toLowerCase().includes(address)) return email.text;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${to} arrived within ${timeoutMs} ms`);
}

/** The activation code of an activation e-mail: its first 6-digit number. */
export function activationCodeFrom(text: string): string {
  const code = /(?<!\d)\d{6}(?!\d)/.exec(text)?.[0];
  if (!code) throw new Error(`No 6-digit code in the e-mail:\n${text}`);
  return code;
}

/** The reset link of a password-reset e-mail (an absolute /reset-confirm?token=… URL). */
export function resetLinkFrom(text: string): string {
  const link = /https?:\/\/[^\s"'<>]+\/reset-confirm\?token=[^\s"'<>&]+/.exec(text)?.[0];
  if (!link) throw new Error(`No reset link in the e-mail:\n${text}`);
  return link;
}
