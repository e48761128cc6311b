/**
 * Finds personal data in a server's log, for the tests that promise there is none (issue 24:
 * "logs carry member ids, never e-mail addresses, names or links with tokens"). Given what a test
 * run handed to the server, it reports each value found; generic patterns catch what no list
 * holds: any address-like string, a `token=` with its value, a JWT.
 */
export type KnownPersonalData = {
  emails?: readonly string[];
  names?: readonly string[];
  phones?: readonly string[];
  /** Diseases and their codes: a path like `/comunidades/enfermedad/<orphacode>` says who has what. */
  healthFacts?: readonly string[];
  /** Tokens, activation codes, reset tokens, passwords. */
  secrets?: readonly string[];
  /** Addresses that may be logged: the operator's own (CONTACT_EMAIL, MAIL_FROM). */
  allowedEmails?: readonly string[];
};

export type LeakKind =
  'email' | 'name' | 'phone' | 'health' | 'secret' | 'email-like' | 'token-parameter' | 'jwt';

export type Leak = { kind: LeakKind; value: string; line: number; excerpt: string };

const EMAIL_LIKE = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b/gi;
const TOKEN_PARAMETER = /token=([^&\s"'\\]+)/gi;
const JWT = /eyJ[\w-]{10,}\.[\w-]{10,}/g;
const SECRET_TAIL_LENGTH = 16;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The spellings a value may take in a JSON log line or an address. */
function spellings(value: string): string[] {
  return [...new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)].filter(Boolean))];
}

/** A value standing alone: `Ana` is not found inside `Analysis`, nor `123456` inside a timestamp. */
function standingAlone(value: string): RegExp {
  const alternatives = spellings(value).map(escapeRegExp).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}.])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'iu');
}

function found(lines: string[], pattern: RegExp): { line: number; excerpt: string } | undefined {
  for (const [index, text] of lines.entries()) {
    const match = pattern.exec(text);
    if (match) {
      const start = Math.max(0, match.index - 60);
      return { line: index + 1, excerpt: text.slice(start, match.index + match[0].length + 60) };
    }
  }
  return undefined;
}

/** Every known value, and every generic pattern, found in the log; empty when it is clean. */
export function findPersonalDataInLog(log: string, known: KnownPersonalData): Leak[] {
  const lines = log.split('\n');
  const leaks: Leak[] = [];
  const check = (kind: LeakKind, value: string, pattern: RegExp) => {
    const where = found(lines, pattern);
    if (where) leaks.push({ kind, value, ...where });
  };

  // A member receives several e-mails: each value is looked for once.
  const each = (values: readonly string[] | undefined) => new Set(values ?? []);
  for (const email of each(known.emails)) check('email', email, standingAlone(email));
  for (const name of each(known.names)) if (name.trim()) check('name', name, standingAlone(name.trim()));
  for (const phone of each(known.phones)) {
    check('phone', phone, standingAlone(phone));
    // Without its country code or spaces, as a number that is not part of a longer one.
    const national = phone.replace(/\D/g, '').slice(-9);
    if (national.length >= 6) check('phone', phone, new RegExp(`(?<!\\d)${national}(?!\\d)`));
  }
  for (const fact of each(known.healthFacts))
    if (fact.trim()) check('health', fact, standingAlone(fact.trim()));
  for (const secret of each(known.secrets)) {
    if (!secret) continue;
    check('secret', secret, standingAlone(secret));
    // Half a token is still too much: the end of a JWT is its signature.
    if (secret.length > SECRET_TAIL_LENGTH * 1.5)
      check('secret', secret, new RegExp(escapeRegExp(secret.slice(-SECRET_TAIL_LENGTH))));
  }

  const allowed = new Set((known.allowedEmails ?? []).map((email) => email.toLowerCase()));
  const listed = new Set((known.emails ?? []).map((email) => email.toLowerCase()));
  for (const [index, text] of lines.entries()) {
    for (const match of text.matchAll(EMAIL_LIKE)) {
      const address = match[0].toLowerCase();
      if (allowed.has(address) || listed.has(address)) continue;
      leaks.push({ kind: 'email-like', value: match[0], line: index + 1, excerpt: text.slice(0, 300) });
    }
    for (const match of text.matchAll(TOKEN_PARAMETER)) {
      const value = match[1] ?? '';
      // The request serializer writes `token=…`: the name without its value.
      if (value === '…' || value === '\\u2026') continue;
      leaks.push({ kind: 'token-parameter', value, line: index + 1, excerpt: text.slice(0, 300) });
    }
    for (const match of text.matchAll(JWT))
      leaks.push({ kind: 'jwt', value: match[0], line: index + 1, excerpt: text.slice(0, 300) });
  }
  return leaks;
}

/**
 * The secrets an e-mail of the platform carries, whatever its kind: every `token=` value (reset
 * links) and every six-digit number standing alone (activation codes).
 */
export function secretsInMessage(text: string): string[] {
  const tokens = [...text.matchAll(/[?&]token=([\w-]+)/g)].map((match) => match[1] ?? '');
  const codes = text.match(/(?<!\d)\d{6}(?!\d)/g) ?? [];
  return [...new Set([...tokens, ...codes])].filter(Boolean);
}

/** A readable list of leaks for an assertion message or a failed run. */
export function describeLeaks(leaks: readonly Leak[]): string {
  return leaks.map((leak) => `- ${leak.kind} on log line ${leak.line}: …${leak.excerpt}…`).join('\n');
}
