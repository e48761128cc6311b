import { COOKIE_CONSENT_STORAGE_KEY, parseStoredConsent, type CookieConsent } from '@juntos/domain';

/**
 * Reads the consent record from sessionStorage (spec §3: session only). A malformed or unreadable
 * record is removed with a warning, so the dialog asks again (spec §4 "Cookie dialog").
 */
export function readStoredConsent(): CookieConsent | undefined {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(COOKIE_CONSENT_STORAGE_KEY);
  } catch (error) {
    console.warn('Cookie consent could not be read; asking again.', error);
    return undefined;
  }
  if (raw === null) return undefined;
  const consent = parseStoredConsent(raw);
  if (!consent) {
    console.warn('Malformed cookie consent record removed; asking again.');
    try {
      window.sessionStorage.removeItem(COOKIE_CONSENT_STORAGE_KEY);
    } catch {
      // Storage is unavailable: nothing to remove, the dialog is shown either way.
    }
  }
  return consent;
}

export function storeConsent(consent: CookieConsent) {
  try {
    window.sessionStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch (error) {
    // Private modes may refuse storage: the choice still holds for this page view.
    console.warn('Cookie consent could not be stored.', error);
  }
}
