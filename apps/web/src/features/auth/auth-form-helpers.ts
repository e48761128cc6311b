import {
  DEFAULT_SIGNUP_LANGUAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isSupportedLanguage,
  type Language,
} from '@juntos/domain';
import { ApiRequestError } from '../../lib/api-client';

// The form kit lives in lib/forms; the sign-up screens and their tests read it through here.
export { formFieldErrors, serverFieldErrors } from '../../lib/forms';

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

/** The password rule of spec §5 the client can check (a translation key); "not common" is the server's. */
export function passwordProblem(password: string): string | undefined {
  if (!password) return 'password.required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'password.too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password.too_long';
  return undefined;
}
