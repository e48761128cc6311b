import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  LEGAL_DOCUMENTS,
  TRANSLATION_NAMESPACES,
  isSupportedLanguage,
  retentionPlaceholderValues,
  type Language,
} from '@juntos/domain';

export type OperatorDetails = { name: string; address: string; contactEmail: string };

const SERVED_FILES = new Set<string>([...TRANSLATION_NAMESPACES, ...LEGAL_DOCUMENTS]);
const LEGAL_FILES = new Set<string>(LEGAL_DOCUMENTS);

/** Which file of /locales/{lng}/{name}.json a request names, or undefined for anything else. */
export function resolveLocalisedFile(
  language: string,
  fileName: string,
): { language: Language; name: string } | undefined {
  const name = fileName.endsWith('.json') ? fileName.slice(0, -'.json'.length) : undefined;
  if (!isSupportedLanguage(language) || !name || !SERVED_FILES.has(name)) return undefined;
  return { language, name };
}

function escapeForJsonString(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/**
 * The legal documents name whoever runs this installation and state how long each kind of record
 * is kept; their text carries the tokens {{operator_name}}, {{operator_address}} and
 * {{contact_email}}, filled in from the configuration, and one token per retention period
 * ({{retention_chat_message}}, …), filled in from RETENTION_DAYS in the document's language, so the
 * policy always says what the retention job enforces. An unknown token is left as it is, visibly.
 */
export function fillLegalPlaceholders(json: string, operator: OperatorDetails, language: Language): string {
  const values: Record<string, string> = {
    operator_name: operator.name,
    operator_address: operator.address || operator.name,
    contact_email: operator.contactEmail,
    ...retentionPlaceholderValues(language),
  };
  return json.replace(/\{\{(\w+)\}\}/g, (token, key: string) => {
    const value = values[key];
    return value === undefined ? token : escapeForJsonString(value);
  });
}

/** Reads (and in production caches) the translation and legal files under `localesDir`. */
export function createLocalisedFileReader(options: {
  localesDir: string;
  operator: OperatorDetails;
  cache: boolean;
}) {
  const cache = new Map<string, string>();
  return async function read(language: Language, name: string): Promise<string | undefined> {
    const cacheKey = `${language}/${name}`;
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    let text: string;
    try {
      text = await readFile(path.join(options.localesDir, language, `${name}.json`), 'utf8');
    } catch {
      return undefined;
    }
    if (LEGAL_FILES.has(name)) text = fillLegalPlaceholders(text, options.operator, language);
    if (options.cache) cache.set(cacheKey, text);
    return text;
  };
}
