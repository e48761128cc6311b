import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, negotiateLanguage, type Language } from '@juntos/domain';

type Catalogue = Record<string, unknown>;

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');

function loadCatalogues(): Map<Language, Catalogue> {
  const catalogues = new Map<Language, Catalogue>();
  const files = new Set(readdirSync(localesDir));
  for (const language of SUPPORTED_LANGUAGES) {
    const file = `${language}.json`;
    if (!files.has(file)) continue;
    catalogues.set(language, JSON.parse(readFileSync(path.join(localesDir, file), 'utf8')) as Catalogue);
  }
  return catalogues;
}

// Read once at start-up: messages are looked up on every error response.
const catalogues = loadCatalogues();

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
  const template =
    lookup(catalogues.get(language), key) ?? lookup(catalogues.get(FALLBACK_LANGUAGE), key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export function requestLanguage(headers: { 'accept-language'?: string | undefined }): Language {
  return negotiateLanguage(headers['accept-language']);
}

export { localesDir as serverLocalesDir };
