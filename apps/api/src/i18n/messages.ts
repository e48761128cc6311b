import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, negotiateLanguage, type Language } from '@juntos/domain';
import { localeFile } from '@juntos/locales';

type Catalogue = Record<string, unknown>;

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');

function readJson(file: string): Catalogue | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
  } catch {
    return undefined;
  }
}

function loadCatalogues(): Map<Language, Catalogue[]> {
  const catalogues = new Map<Language, Catalogue[]>();
  const files = new Set(readdirSync(localesDir));
  for (const language of SUPPORTED_LANGUAGES) {
    const server = files.has(`${language}.json`)
      ? readJson(path.join(localesDir, `${language}.json`))
      : undefined;
    const web = // The validation rules shared with the web client (packages/domain) name keys of the web app's
      // `translation` namespace: the server reads the same file, from the shared locales package.
      readJson(localeFile(language, 'translation'));
    catalogues.set(
      language,
      [server, web].filter((c): c is Catalogue => !!c),
    );
  }
  return catalogues;
}

// Read once at start-up: messages are looked up on every error response.
const catalogues = loadCatalogues();

function lookupIn(language: Language, key: string): string | undefined {
  for (const catalogue of catalogues.get(language) ?? []) {
    const found = lookup(catalogue, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A server message in the caller's language, falling back to English, then to the key. */
export function translate(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const template = lookupIn(language, key) ?? lookupIn(FALLBACK_LANGUAGE, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * A counted text: the key's plural form for `count` in that language (`key_one`, `key_few`,
 * `key_other`…, i18next's naming, so the web app reads the same keys), with `{{count}}` filled.
 */
export function translatePlural(
  language: Language,
  key: string,
  count: number,
  values: Record<string, string | number> = {},
): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const form = `${key}_${rules.select(count)}`;
  const chosen = lookupIn(language, form) !== undefined ? form : `${key}_other`;
  return translate(language, chosen, { ...values, count });
}

export function requestLanguage(headers: { 'accept-language'?: string | undefined }): Language {
  return negotiateLanguage(headers['accept-language']);
}

export { localesDir as serverLocalesDir };

const namespaceCache = new Map<string, Catalogue | undefined>();

/**
 * A text of another namespace of the web app (perfil_funcional…) in the caller's language,
 * falling back to English, then to the key. Read once per language and namespace.
 */
export function translateNamespace(language: Language, namespace: string, key: string): string {
  const catalogueOf = (lng: Language) => {
    const id = `${lng}/${namespace}`;
    if (!namespaceCache.has(id)) namespaceCache.set(id, readJson(localeFile(lng, namespace)));
    return namespaceCache.get(id);
  };
  return lookup(catalogueOf(language), key) ?? lookup(catalogueOf(FALLBACK_LANGUAGE), key) ?? key;
}
