import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
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
 * when the http backend flags the failure as retriable.
 */
export const i18nReady = i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    maxRetries: TRANSLATION_RETRY.maxRetries,
    retryTimeout: TRANSLATION_RETRY.firstDelayMs,
    detection: {
      order: ['localStorage', 'navigator', 'htmlTag'],
      lookupLocalStorage: STORAGE_KEYS.language,
      caches: ['localStorage'],
      // "pt-BR" → "pt": the primary code before any hyphen (spec §4 "Language").
      convertDetectedLanguage: (language: string) => primaryLanguage(language) ?? language,
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', reflectLanguageOnDocument);

export { i18n };
