/** The interface languages of the platform (spec §1); `en` is the fallback. */
export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pl', 'ro', 'nl', 'pt', 'el'] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';

/** Sign-up payloads default to Spanish when the client sends no language (spec §3, §9). */
export const DEFAULT_SIGNUP_LANGUAGE: Language = 'es';

/** The web client sends this Accept-Language when it has no language yet (spec §7, §9). */
export const DEFAULT_ACCEPT_LANGUAGE: Language = 'fr';

/** Translation namespaces served at /locales/{lng}/{ns}.json (spec §7 Static). */
export const TRANSLATION_NAMESPACES = ['translation', 'perfil_funcional'] as const;

export type TranslationNamespace = (typeof TRANSLATION_NAMESPACES)[number];

/**
 * Plain-language texts for easy-read mode (issues 21 and 34), one file per namespace, served at
 * /locales/{lng}/{file}.json beside the namespaces: each holds the easy version of its namespace's
 * keys, written over the ordinary ones in easy-read mode. Every key a member's screen shows has
 * one (coverage test: apps/web/src/lib/easy-read-coverage.test.ts).
 */
export const EASY_READ_NAMESPACES = {
  translation: 'easy',
  perfil_funcional: 'easy_perfil_funcional',
} as const satisfies Record<TranslationNamespace, string>;

/** The easy-read file of a namespace, if it has one. */
export function easyReadFileOf(namespace: string): string | undefined {
  return Object.entries(EASY_READ_NAMESPACES).find(([name]) => name === namespace)?.[1];
}

/** Localised documents served at /locales/{lng}/{doc}.json (spec §2, §7 Static). */
export const LEGAL_DOCUMENTS = ['privacy', 'cookies', 'terms', 'legal'] as const;

export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The primary subtag of a language tag ("pt-BR" → "pt"), if it is one we support.
 * Spec §4: the browser's primary language code is used when nothing is stored.
 */
export function primaryLanguage(tag: string | null | undefined): Language | undefined {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return isSupportedLanguage(primary) ? primary : undefined;
}

/**
 * Picks the best supported language from an Accept-Language header, honouring q-values;
 * falls back to `en`.
 */
export function negotiateLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return FALLBACK_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const language = primaryLanguage(entry.tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}
