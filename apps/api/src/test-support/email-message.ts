/**
 * Reads a raw e-mail as an SMTP server receives it (MIME, quoted-printable or base64), for tests
 * that check what the platform sends: the API's SMTP test and the browser journeys.
 */
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

/** The recipients, subject and decoded text (plain parts, else HTML) of a raw message. */
export function parseEmail(raw: string): { to: string; subject: string; text: string; html: string } {
  const message = splitPart(raw);
  const { plain, html } = textParts(message);
  return {
    to: message.headers.get('to') ?? '',
    subject: message.headers.get('subject') ?? '',
    text: (plain.length ? plain : html).join('\n'),
    html: html.join('\n'),
  };
}
