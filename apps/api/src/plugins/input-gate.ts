import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * The one gate every piece of client text passes before any handler sees it: JSON and plain-text
 * bodies, query strings, route parameters, multipart fields (through `readForm`) and chat frames
 * (through `invalidTextFields`). It refuses, with a 400 that names each field:
 * - NUL (U+0000): PostgreSQL cannot store it in text, so it used to surface as a 500;
 * - lone UTF-16 surrogates (a JSON `"\ud800"`): they have no UTF-8 form, so the database would
 *   silently store something else than what was sent;
 * - bytes that are not UTF-8: the decoder would silently turn them into U+FFFD.
 */

export const INVALID_TEXT_CODE = 'invalid_text';
const MESSAGE_KEY = 'errors.invalid_text';
/** A hostile body may break many fields; naming the first few is enough for any client. */
const MAX_NAMED_FIELDS = 20;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex
const UNSTORABLE_ALL = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Whether a string can be stored and sent back unchanged. */
export const isStorableText = (text: string) => !UNSTORABLE.test(text);

/** A field name fit to show back to the client, even when the name itself was the problem. */
const printable = (name: string) => name.replace(UNSTORABLE_ALL, '\ufffd');

const join = (path: string, key: string) => (path ? `${path}.${printable(key)}` : printable(key));

/**
 * The paths (`text`, `items.0.name`) of every string or key in `value` that cannot be stored;
 * `root` names `value` itself when it is a bare string. Walks iteratively: a hostile body may nest
 * arrays a hundred thousand deep, which a recursive walk would answer with a stack overflow.
 */
export function invalidTextFields(value: unknown, root = 'body', match = isStorableText): string[] {
  const found: string[] = [];
  const pending: Array<{ path: string; value: unknown }> = [{ path: '', value }];
  while (pending.length > 0 && found.length < MAX_NAMED_FIELDS) {
    const { path, value: current } = pending.pop()!;
    if (typeof current === 'string') {
      if (!match(current)) found.push(path || root);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1)
        pending.push({ path: join(path, String(index)), value: current[index] });
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current as Record<string, unknown>);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        if (!match(key)) found.push(join(path, key));
        else pending.push({ path: join(path, key), value: child });
      }
    }
  }
  return found;
}

/** The 400 of the gate: `fields` maps each named field to the message in the caller's language. */
export function invalidTextError(fields: string[]) {
  const named = fields.length > 0 ? fields : ['body'];
  return new AppError(400, INVALID_TEXT_CODE, MESSAGE_KEY, {
    fields: Object.fromEntries(named.slice(0, MAX_NAMED_FIELDS).map((field) => [field, MESSAGE_KEY])),
  });
}

/**
 * The bytes a percent-encoded URL component stands for. `%zz` stays as typed (it is odd but
 * storable); characters outside ASCII are taken as their UTF-8 bytes.
 */
function percentDecodedBytes(component: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < component.length; index += 1) {
    const hex = component.slice(index + 1, index + 3);
    if (component[index] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      const code = component.codePointAt(index)!;
      if (code > 0xffff) index += 1;
      bytes.push(...Buffer.from(String.fromCodePoint(code), 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

const looselyDecoded = (component: string) =>
  percentDecodedBytes(component.replace(/\+/g, ' ')).toString('utf8');

/** Query parameters whose percent-encoding stands for bytes that are not UTF-8 (`?q=%FF`). */
function queryFieldsNotUtf8(url: string): string[] {
  const start = url.indexOf('?');
  if (start < 0) return [];
  const found: string[] = [];
  for (const pair of url.slice(start + 1).split('&')) {
    if (pair === '') continue;
    // Only a %-escape can stand for bytes that are not UTF-8: anything typed as it is encodes to
    // UTF-8. Most pairs have none (the chat socket's token is hundreds of characters), and
    // decoding them byte by byte was a visible share of the cost of opening a socket.
    if (!pair.includes('%')) continue;
    const [key = '', ...rest] = pair.split('=');
    const keyBytes = percentDecodedBytes(key.replace(/\+/g, ' '));
    const valueBytes = percentDecodedBytes(rest.join('=').replace(/\+/g, ' '));
    if (!isUtf8(keyBytes) || !isUtf8(valueBytes)) found.push(printable(looselyDecoded(key)) || 'query');
  }
  return found;
}

/**
 * Parses a JSON or plain-text body from its bytes, so bytes that are not UTF-8 are refused
 * instead of being decoded to U+FFFD. The fields are named by decoding loosely and looking for
 * the replacement character the bad bytes became.
 */
function refuseBytesThatAreNotUtf8(body: Buffer, asJson: boolean): AppError {
  const text = body.toString('utf8');
  if (!asJson) return invalidTextError(['body']);
  try {
    const parsed: unknown = JSON.parse(text);
    return invalidTextError(invalidTextFields(parsed, 'body', (s) => !s.includes('\ufffd')));
  } catch {
    return invalidTextError(['body']);
  }
}

/**
 * Registers the gate on the root instance, before any route: content-type parsers are
 * inherited by the contexts created after them, and the hooks apply to every route and to the
 * not-found handler.
 */
export function registerInputGate(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(refuseBytesThatAreNotUtf8(bytes, true), undefined);
      return;
    }
    // The callback form of the parser: it answers through `done`, never through a promise.
    void parseJson(request, bytes.toString('utf8'), done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) done(refuseBytesThatAreNotUtf8(bytes, false), undefined);
    else done(null, bytes.toString('utf8'));
  });

  // Query and parameters are checked before authentication and body parsing: the answer is the
  // same 400 whoever asks, and a hostile URL costs nothing more. Both hooks answer through `done`:
  // they run on every request, and an async hook costs each one a promise and a later turn.
  app.addHook('onRequest', (request, _reply, done) => {
    const fields = [
      ...queryFieldsNotUtf8(request.url),
      ...invalidTextFields(request.query ?? {}, 'query'),
      // Parameters arrive decoded; a path that is not UTF-8 never gets here (the router refuses
      // it, see handleFrameworkError), but a `%00` does.
      ...invalidTextFields(request.params ?? {}, 'path'),
    ];
    done(fields.length > 0 ? invalidTextError([...new Set(fields)]) : undefined);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const fields =
      request.body === undefined || request.body === null ? [] : invalidTextFields(request.body, 'body');
    done(fields.length > 0 ? invalidTextError(fields) : undefined);
  });
}
