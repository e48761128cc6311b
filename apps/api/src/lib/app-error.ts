/**
 * The one error vocabulary of the API: thrown anywhere, turned into the JSON of DESIGN.md
 * ("error", "code", optional "fields") by the error handler in plugins/errors.ts.
 * `messageKey` names a server message (i18n/locales) so the text follows the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: string,
    readonly options: {
      values?: Record<string, string | number>;
      /** Field name → message key, for validation errors. */
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      /** Also send the message as `detail` (the spec's login screen reads that field). */
      withDetail?: boolean;
    } = {},
  ) {
    // A refusal (4xx) is an answer, not a fault: its stack would never be read, and capturing it
    // was a visible share of the cost of a 401. Server-side failures (5xx) keep theirs for the log.
    const stackTraceLimit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(code);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'AppError';
  }
}

export const notFound = (messageKey = 'errors.not_found', values?: Record<string, string>) =>
  new AppError(404, 'not_found', messageKey, { values });
