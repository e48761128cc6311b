import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ApiError } from '@juntos/domain';
import { AppError } from '../lib/app-error';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from '../lib/database-outage';
import { requestLanguage, translate } from '../i18n/messages';

/** Fastify's own client errors, mapped to our stable codes and messages. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; key: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', key: 'errors.invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', key: 'errors.invalid_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', key: 'errors.body_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    key: 'errors.unsupported_media_type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', key: 'errors.bad_request' },
};

/** Shared schemas use translation keys as messages ("signup_minor.temp_email"); zod's own don't. */
const isMessageKey = (message: string) => /^[a-z_]+(\.[a-z_]+)+$/.test(message);
const messageKeyOf = (message: string) => (isMessageKey(message) ? message : 'errors.validation');

type Issue = { field: string; message: string };

function fieldsFromIssues(issues: readonly Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.field || '_'] ??= messageKeyOf(issue.message);
  return fields;
}

const issuesOfZodError = (error: ZodError): Issue[] =>
  error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));

/** The route schema's issues carry their path as a JSON pointer ("/items/0/name"). */
const issuesOfSchemaValidation = (validation: readonly { instancePath: string; message?: string }[]) =>
  validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? '',
  }));

/**
 * A refused input, whether the handler's `X.parse()` or the route's schema refused it: the same
 * 400 either way. The first rule that failed is the message (spec §5 checks the minor form in order).
 */
function sendValidationError(request: FastifyRequest, reply: FastifyReply, issues: readonly Issue[]) {
  return sendError(request, reply, 400, 'validation_failed', messageKeyOf(issues[0]?.message ?? ''), {
    fields: fieldsFromIssues(issues),
  });
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  messageKey: string,
  options: {
    values?: Record<string, string | number>;
    fields?: Record<string, string>;
    withDetail?: boolean;
  } = {},
) {
  const language = requestLanguage(request.headers);
  const body: ApiError = { error: translate(language, messageKey, options.values), code };
  if (options.withDetail) body.detail = body.error;
  if (options.fields) {
    body.fields = Object.fromEntries(
      // Field messages share the error's values: "The limit is {{max}} MB" next to the field too.
      Object.entries(options.fields).map(([field, key]) => [field, translate(language, key, options.values)]),
    );
  }
  // Sent as text: the body is built here in the error shape, field by field, so checking it against
  // the route's error schema on the way out (the zod serializer) only cost time, a visible share of
  // a 401 (issue 36, point 3).
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * Errors Fastify's router meets before any hook runs (`frameworkErrors`): a path whose
 * percent-encoding is not UTF-8 text (`/api/posts/%FF/`), a parameter over the router's length
 * limit. Without this they would be answered in Fastify's own shape, untranslated.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void sendError(request, reply, 400, 'invalid_text', 'errors.invalid_text', {
      fields: { path: 'errors.invalid_text' },
    });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(request, reply, 414, 'url_too_long', 'errors.url_too_long');
    return;
  }
  request.log.error({ err: error }, 'router error');
  void sendError(request, reply, 500, 'internal_error', 'errors.internal');
}

/**
 * One handler turns every thrown error into the JSON of DESIGN.md. Client errors keep their
 * status; anything unexpected becomes a 500 whose details stay in the log, never in the response.
 */
export function registerErrorHandling(app: FastifyInstance) {
  // An error status sent without a body (a plugin's bare `reply.code(404).send()`, such as
  // @fastify/websocket's answer to a plain GET on the socket's path) gets the same JSON as the rest.
  // A callback hook: every answer passes it, and all but those go straight on without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || request.method === 'HEAD') return done(null, payload);
    if (payload !== undefined && payload !== null && payload !== '') return done(null, payload);
    const [code, key] =
      reply.statusCode === 404
        ? ['not_found', 'errors.not_found']
        : reply.statusCode >= 500
          ? ['internal_error', 'errors.internal']
          : ['bad_request', 'errors.bad_request'];
    void reply.type('application/json; charset=utf-8');
    const body: ApiError = { error: translate(requestLanguage(request.headers), key), code };
    done(null, JSON.stringify(body));
  });
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.headers) void reply.headers(error.options.headers);
      return sendError(request, reply, error.statusCode, error.code, error.messageKey, error.options);
    }
    if (error instanceof ZodError) return sendValidationError(request, reply, issuesOfZodError(error));
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendValidationError(request, reply, issuesOfSchemaValidation(error.validation));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return sendError(request, reply, error.statusCode ?? 400, known.code, known.key);
    }
    if (error instanceof SyntaxError) {
      return sendError(request, reply, 400, 'invalid_json', 'errors.invalid_json');
    }
    if (error.statusCode === 429) {
      return sendError(request, reply, 429, 'rate_limited', 'errors.rate_limited');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(request, reply, error.statusCode, 'bad_request', 'errors.bad_request');
    }
    if (error instanceof ResponseSerializationError) {
      // A bug of ours, never the client's: the route's answer does not fit its declared schema.
      request.log.error({ err: error, issues: error.cause.issues }, 'answer does not match its schema');
      return sendError(request, reply, 500, 'internal_error', 'errors.internal');
    }
    if (isDatabaseUnreachable(error)) {
      // Not a fault of this request, and it will pass: a 503 with a time to try again, and one
      // log line for the whole outage rather than a stack trace per request (issue 36, 8a).
      request.server.databaseOutage.noticed(error);
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(request, reply, 503, 'database_unavailable', 'errors.service_unavailable');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 500, 'internal_error', 'errors.internal');
  });
}
