import type { FastifyRequest } from 'fastify';

/**
 * The address of a request as it may be logged: the path, and the names of the query parameters
 * without their values. Values are dropped rather than filtered by name because secrets travel
 * there (`/ws/chat/?token=<JWT>`, `/reset-confirm?token=…`) and so do members' own words (`?q=` of
 * a search, often a diagnosis); a list of known secret names would miss the next one added.
 */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      // A bare value without a name (`?eyJhbGciOi…`) could itself be a token: only short,
      // plain names are kept.
      return /^[\w.[\]-]{1,40}$/.test(name) ? name : '…';
    });
  const path = url.slice(0, queryStart);
  return names.length ? `${path}?${names.map((name) => `${name}=…`).join('&')}` : path;
}

/**
 * Replaces Fastify's request serializer, which logs `req.url` whole: redacting `req.query.token`
 * does nothing there, because the query is never logged as an object. Keeps what helps to follow a
 * request (method, path, parameter names, host, client address); headers are not logged at all.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Error fields that say what failed without carrying what a member is or wrote: codes, the
 * failing system call and peer, the SMTP reply code, and schema names of a database refusal.
 * Everything else is left out because it carries values: a drizzle error's `params` (the row
 * being written: e-mail, name, phone), PostgreSQL's `detail` ("Key (email)=(…) already exists"),
 * nodemailer's `rejected` recipients and the SMTP server's `response`.
 */
const LOGGABLE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'errno',
  'syscall',
  'address',
  'port',
  'responseCode',
  'command',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
] as const;

/**
 * Masks what may sit inside an error message: e-mail addresses (an SMTP refusal names the
 * recipient), JWTs and `token=` values (a failed request's address), the parameters a drizzle
 * error appends to its query, and the value PostgreSQL quotes when it refuses an input.
 */
export function maskErrorText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*$/, '\nparams: …')
    .replace(/(invalid input (?:syntax|value) for [^:\n]+: )"[^\n]*"/g, '$1"…"')
    .replace(/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b/gi, '<e-mail>')
    .replace(/eyJ[\w-]{8,}(?:\.[\w-]*){0,2}/g, '<token>')
    .replace(/(token=)[^&\s"']+/gi, '$1…');
}

/** The shape Fastify's logger expects of an error serializer; `cause` is a LoggedError too. */
export type LoggedError = { type: string; message: string; stack: string; [field: string]: unknown };

/**
 * Replaces pino's error serializer, which copies every enumerable field of an error into the log.
 * The stack keeps its frames but gets the masked message, and a `cause` is followed (a drizzle
 * error wraps PostgreSQL's) a few levels deep.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: maskErrorText(String(error)), stack: '' };
  const type = error.constructor.name || error.name;
  const message = maskErrorText(error.message);
  const serialized: LoggedError = { type, message, stack: '' };
  if (error.stack) {
    const header = `${error.name}: ${error.message}`;
    const frames = error.stack.startsWith(header)
      ? error.stack.slice(header.length)
      : error.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .map((line) => `\n${line}`)
          .join('');
    serialized.stack = `${error.name}: ${message}${maskErrorText(frames)}`;
  }
  const fields = error as Error & Partial<Record<(typeof LOGGABLE_ERROR_FIELDS)[number], unknown>>;
  for (const field of LOGGABLE_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}
