/**
 * The cookie consent record kept in sessionStorage under `cookieConsent` (spec §3).
 * Necessary storage cannot be refused, so `functional` is always true. No zod here: this runs on
 * the landing page's first load, whose JavaScript must stay small.
 */
export type CookieConsent = { functional: true; advertising: boolean };

export const COOKIE_CONSENT_STORAGE_KEY = 'cookieConsent';

/**
 * Spec §5: a stored consent is valid only if it parses as an object with a functional field.
 * Anything else (bad JSON, another shape) is malformed and must be removed.
 */
export function parseStoredConsent(raw: string): CookieConsent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || !('functional' in value)) return undefined;
  const advertising = (value as { advertising?: unknown }).advertising;
  return { functional: true, advertising: advertising === true };
}
