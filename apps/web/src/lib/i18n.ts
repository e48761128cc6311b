import i18n, { type BackendModule, type LanguageDetectorModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  TRANSLATION_NAMESPACES,
  easyReadFileOf,
  FALLBACK_LANGUAGE,
  SUPPORTED_LANGUAGES,
  TRANSLATION_RETRY,
  primaryLanguage,
} from '@juntos/domain';
import { STORAGE_KEYS } from './storage-keys';

function reflectLanguageOnDocument(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}

type Texts = { [key: string]: unknown };

class LoadFailure extends Error {
  constructor(
    message: string,
    readonly retriable: boolean,
  ) {
    super(message);
  }
}

/**
 * Easy-read mode (issue 21): set before the first paint by static/display-preferences.js, switched
 * by setEasyRead from the display settings.
 */
let easyRead = document.documentElement.getAttribute('data-reading') === 'easy';

// Files already read, so switching easy-read on or off re-reads translation.json from memory.
// A failure is forgotten, so the retry below asks the server again.
const files = new Map<string, Promise<Texts>>();

function loadTexts(language: string, name: string): Promise<Texts> {
  const url = `/locales/${encodeURIComponent(language)}/${encodeURIComponent(name)}.json`;
  let file = files.get(url);
  if (!file) {
    file = fetch(url, { credentials: 'same-origin' }).then(
      async (response) => {
        if (!response.ok)
          throw new LoadFailure(
            `failed loading ${url}; status code: ${response.status}`,
            response.status >= 500,
          );
        try {
          return (await response.json()) as Texts;
        } catch {
          throw new LoadFailure(`failed parsing ${url} to json`, false);
        }
      },
      (error: unknown) => {
        throw new LoadFailure(`failed loading ${url}: ${String(error)}`, true);
      },
    );
    files.set(url, file);
    file.catch(() => files.delete(url));
  }
  return file;
}

const isTree = (value: unknown): value is Texts =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ordinary texts with the easy ones written over them, key by key; neither is changed. */
function overlay(ordinary: Texts, easy: Texts): Texts {
  const out: Texts = { ...ordinary };
  for (const [key, value] of Object.entries(easy)) {
    const under = out[key];
    out[key] = isTree(value) && isTree(under) ? overlay(under, value) : value;
  }
  return out;
}

/**
 * Translations load over HTTP from /locales/{lng}/{ns}.json. A server or network failure is
 * retried up to 5 times from 350 ms, doubling (spec §7): i18next's backend connector does this
 * when the backend flags the failure as retriable (its second argument), as i18next-http-backend
 * did: 5xx and lost connections are retried, 4xx and unreadable JSON are not. Written here, with
 * the detector below, because the two packages and their fetch ponyfill were 7 KB of compressed
 * JavaScript on the landing page's first load (decision 0017).
 *
 * In easy-read mode each namespace is the language's easy file (easy.json for `translation`,
 * easy_perfil_funcional.json for `perfil_funcional`) written over the ordinary one, so every t()
 * prefers the easy text and keeps the ordinary one where none is written. Not i18next's defaultNS/fallbackNS: its lookup tries every language of one namespace
 * before the next namespace, so a French page would show the English easy text rather than the
 * French ordinary one, and screens that name their namespaces would skip `easy` (decision 0028).
 * The easy files are fetched only in easy-read mode; without it (not written yet, or unreachable) the
 * ordinary texts stay.
 */
const fetchBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const easyFile = easyReadFileOf(namespace);
    const easy = easyRead && easyFile ? loadTexts(language, easyFile).catch(() => undefined) : undefined;
    Promise.all([loadTexts(language, namespace), easy]).then(
      // The mode is read again here: it may have been switched while the files were on their way.
      ([ordinary, easyTexts]) =>
        callback(null, easyRead && easyTexts ? overlay(ordinary, easyTexts) : ordinary),
      (error: unknown) =>
        error instanceof LoadFailure
          ? callback(error.message, error.retriable)
          : callback(String(error), false),
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

/**
 * Switches the easy-read texts on or off at once, without a reload: the loaded languages are read
 * again (the ordinary files from memory, the easy ones from the server the first time), then every
 * useTranslation renders again, as it does when the language changes.
 */
export async function setEasyRead(on: boolean): Promise<void> {
  if (on === easyRead) return;
  easyRead = on;
  await i18nReady;
  // Every loaded namespace that has an easy file (the functional profile's too).
  const loaded = TRANSLATION_NAMESPACES.filter((namespace) => i18n.hasLoadedNamespace(namespace));
  await i18n.reloadResources(i18n.languages, loaded);
  if (easyRead === on) await i18n.changeLanguage(i18n.language);
}

export { i18n };
