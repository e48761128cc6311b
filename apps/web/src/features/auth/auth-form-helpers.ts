import {
  DEFAULT_SIGNUP_LANGUAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isSupportedLanguage,
  type Language,
} from '@juntos/domain';
import { ApiRequestError } from '../../lib/api-client';

/** The interface language, sent with sign-up and e-mail requests so mails come in it. */
export function interfaceLanguage(resolved: string | undefined): Language {
  return isSupportedLanguage(resolved) ? resolved : DEFAULT_SIGNUP_LANGUAGE;
}

/** Spec §8: a failure shows a cross mark and the server's message, or the screen's own. */
export function failureText(error: unknown, fallback: string): string {
  const body = error instanceof ApiRequestError ? error.body : undefined;
  // A refused field (a disposable address, a common password) is more useful than "not valid".
  const fieldMessage = body?.code === 'validation_failed' ? Object.values(body.fields ?? {})[0] : undefined;
  return `❌ ${fieldMessage ?? body?.error ?? fallback}`;
}

/** The server's per-field messages of a 400 validation_failed answer. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? (error.body?.fields ?? {}) : {};
}

/**
 * The server's per-field messages put on the form's own fields: `serverFields` names the form
 * field that shows each field of the payload; where two name the same one, the first message stays.
 */
export function formFieldErrors<Field extends string>(
  error: unknown,
  serverFields: Readonly<Record<string, Field>>,
): Partial<Record<Field, string>> {
  const fields: Partial<Record<Field, string>> = {};
  for (const [name, text] of Object.entries(serverFieldErrors(error))) {
    const field = serverFields[name];
    if (field) fields[field] ??= text;
  }
  return fields;
}

/** The first issue (a translation key) for each field of a failed schema check. */
type SchemaCheck =
  | { success: true }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

export function issuesByField(result: SchemaCheck): Record<string, string> {
  const issues: Record<string, string> = {};
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    issues[field] ??= issue.message;
  }
  return issues;
}

/** The password rule of spec §5 the client can check (a translation key); "not common" is the server's. */
export function passwordProblem(password: string): string | undefined {
  if (!password) return 'password.required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'password.too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password.too_long';
  return undefined;
}
