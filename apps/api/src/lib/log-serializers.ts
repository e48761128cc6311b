import type { FastifyRequest } from 'fastify';

/**
 * A path the router matched no route for, as it may be logged: its first segment when that is a
 * plain word (`/baja`, `/comunidades`, `/api`), the rest as `…`. The web app's own pages reach the
 * server this way, and their later segments carry what the log must not hold: the unsubscribe
 * token of `/baja/<token>`, the disease of `/comunidades/enfermedad/<orphacode>`.
 */
export function redactedPath(path: string): string {
  const [, first = '', rest = ''] = /^\/([^/]*)(.*)$/s.exec(path) ?? [];
  const head = /^[a-z][a-z0-9-]{0,39}$/i.test(first) ? first : first === '' ? '' : '…';
  return `/${head}${rest === '' ? '' : rest === '/' ? '/' : '/…'}`;
}

/**
 * The address of a request as it may be logged: the route's template when the router matched one
 * (`/api/notificaciones/baja/:token/`, `/api/comunidades/enfermedad/:orphacode/`), never the
 * values in its path, which are tokens and health facts as often as ids; otherwise a redacted
 * path. Of the query, the names of the parameters without their values: secrets travel there
 * (`/ws/chat/?token=<JWT>`, `/reset-confirm?token=…`) and so do members' own words (`?q=` of a
 * search, often a diagnosis); a list of known secret names would miss the next one added.
 */
export function loggableUrl(url: string, routeTemplate?: string): string {
  const queryStart = url.indexOf('?');
  const path = routeTemplate ?? redactedPath(queryStart === -1 ? url : url.slice(0, queryStart));
  if (queryStart === -1) return path;
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
  return names.length ? `${path}?${names.map((name) => `${name}=…`).join('&')}` : path;
}

/**
 * Replaces Fastify's request serializer, which logs `req.url` whole: redacting `req.query.token`
 * does nothing there, because the query is never logged as an object. Keeps what helps to follow a
 * request (method, route, parameter names, host, client address); headers are not logged at all.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Headers that carry credentials: logged as `[Redacted]` wherever a line holds headers. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/** A headers object as it may be logged: every header but the credentials. */
export function withoutSecretHeaders(headers: unknown): unknown {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return headers;
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      SECRET_HEADERS.has(name.toLowerCase()) ? '[Redacted]' : value,
    ]),
  );
}

/** An object holding a `headers` object (a library's options), with those headers redacted. */
function withRedactedHeaders(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('headers' in value)) return value;
  return { ...value, headers: withoutSecretHeaders(value.headers) };
}

/**
 * Serializers for the keys under which lines carry headers. Fastify's request serializer is
 * replaced (it logs no headers), but libraries log their own: at `trace` @fastify/multipart logs
 * `{ busboyOptions }`, the request's headers among them, `authorization: Bearer …` included.
 * Serializers rather than wildcard `redact` paths: they run only for lines that have the key,
 * while a wildcard path costs every request line several microseconds. The trace-level log test
 * (no-personal-data-in-log.test.ts) catches a library that logs headers under another name.
 */
export const HEADER_SERIALIZERS = {
  headers: withoutSecretHeaders,
  busboyOptions: withRedactedHeaders,
};

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
