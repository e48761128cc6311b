import i18n, { type BackendModule, type LanguageDetectorModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, TRANSLATION_RETRY, primaryLanguage } from '@juntos/domain';
import { STORAGE_KEYS } from './storage-keys';

function reflectLanguageOnDocument(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}

/**
 * Translations load over HTTP from /locales/{lng}/{ns}.json. A server or network failure is
 * retried up to 5 times from 350 ms, doubling (spec §7): i18next's backend connector does this
 * when the backend flags the failure as retriable (its second argument), as i18next-http-backend
 * did: 5xx and lost connections are retried, 4xx and unreadable JSON are not. Written here, with
 * the detector below, because the two packages and their fetch ponyfill were 7 KB of compressed
 * JavaScript on the landing page's first load (decision 0017).
 */
const fetchBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
    fetch(url, { credentials: 'same-origin' }).then(
      async (response) => {
        if (!response.ok) {
          callback(`failed loading ${url}; status code: ${response.status}`, response.status >= 500);
          return;
        }
        let data: unknown;
        try {
          data = await response.json();
        } catch {
          callback(`failed parsing ${url} to json`, false);
          return;
        }
        callback(null, data as Record<string, unknown>);
      },
      (error: unknown) => callback(`failed loading ${url}: ${String(error)}`, true),
    );
  },
};

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    // Storage refused (privacy settings): the browser's languages decide.
    return null;
  }
}

/**
 * The visitor's language: the one chosen before (localStorage), then the browser's, then the
 * page's; "pt-BR" → "pt", the primary code before any hyphen (spec §4 "Language"). i18next takes
 * the first supported one and stores the choice back.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const candidates = [
      storedLanguage(),
      ...(navigator.languages ?? []),
      navigator.language,
      document.documentElement.getAttribute('lang'),
    ];
    return candidates
      .filter((language): language is string => !!language)
      .map((language) => primaryLanguage(language) ?? language);
  },
  cacheUserLanguage(language: string) {
    try {
      window.localStorage.setItem(STORAGE_KEYS.language, language);
    } catch {
      // Not stored: the next visit detects the language again.
    }
  },
};

export const i18nReady = i18n
  .use(fetchBackend)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    maxRetries: TRANSLATION_RETRY.maxRetries,
    retryTimeout: TRANSLATION_RETRY.firstDelayMs,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    // i18next 25 advertises its vendor in every visitor's console unless told not to.
    showSupportNotice: false,
  });

i18n.on('languageChanged', reflectLanguageOnDocument);

export { i18n };
