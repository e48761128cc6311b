import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EASY_READ_NAMESPACES,
  LEGAL_DOCUMENTS,
  TRANSLATION_NAMESPACES,
  isSupportedLanguage,
  retentionPlaceholderValues,
  type Language,
} from '@juntos/domain';
import { encodeOnce, type EncodedVariants } from './encodings';

export type OperatorDetails = { name: string; address: string; contactEmail: string };

const SERVED_FILES = new Set<string>([
  ...TRANSLATION_NAMESPACES,
  ...Object.values(EASY_READ_NAMESPACES),
  ...LEGAL_DOCUMENTS,
]);
// The legal documents, and the texts that summarise them in easy-read mode (`legal_summary`,
// which names the contact address), get the operator's details filled in.
const FILLED_FILES = new Set<string>([...LEGAL_DOCUMENTS, 'translation', EASY_READ_NAMESPACES.translation]);

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

/** What the legal documents state about this installation, from its configuration. */
export type LegalDocumentFacts = {
  operator: OperatorDetails;
  /** How long browsers and shared caches may keep a public picture (MEDIA_CACHE_SECONDS). */
  mediaCacheSeconds: number;
};

const SECONDS_PER_UNIT = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

/** "1 day", "6 Stunden", "90 secondes": the largest unit that divides the duration evenly. */
export function formatDuration(seconds: number, language: Language): string {
  const [unit, size] = SECONDS_PER_UNIT.find(([, size]) => seconds > 0 && seconds % size === 0) ?? [
    'second',
    1,
  ];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' })
    .format(seconds / size)
    .replace(/ /g, '\u00a0');
}

/**
 * The legal documents name whoever runs this installation and state how long each kind of record
 * is kept; their text carries the tokens {{operator_name}}, {{operator_address}} and
 * {{contact_email}}, filled in from the configuration, one token per retention period
 * ({{retention_chat_message}}, …), filled in from RETENTION_DAYS, and {{media_cache_period}}, from
 * MEDIA_CACHE_SECONDS, both in the document's language, so the policy always says what the
 * retention job and the media cache headers do. An unknown token is left as it is, visibly.
 */
export function fillLegalPlaceholders(json: string, facts: LegalDocumentFacts, language: Language): string {
  const { operator } = facts;
  const values: Record<string, string> = {
    operator_name: operator.name,
    operator_address: operator.address || operator.name,
    contact_email: operator.contactEmail,
    media_cache_period: formatDuration(facts.mediaCacheSeconds, language),
    ...retentionPlaceholderValues(language),
  };
  return json.replace(/\{\{(\w+)\}\}/g, (token, key: string) => {
    const value = values[key];
    return value === undefined ? token : escapeForJsonString(value);
  });
}

/**
 * Reads the translation and legal files under `localesDir`. In production each file is read,
 * filled and compressed once (brotli and gzip beside the text) and then served from memory, so
 * no request compresses anything (decision 0017). Without the cache (development) every request
 * reads the file again, so an edited translation shows at once; it is sent uncompressed.
 */
export function createLocalisedFileReader(options: {
  localesDir: string;
  facts: LegalDocumentFacts;
  cache: boolean;
}) {
  // Promises, so requests arriving while a file is first compressed share that one piece of work.
  const cache = new Map<string, Promise<EncodedVariants | undefined>>();

  async function readText(language: Language, name: string): Promise<string | undefined> {
    let text: string;
    try {
      text = await readFile(path.join(options.localesDir, language, `${name}.json`), 'utf8');
    } catch {
      return undefined;
    }
    return FILLED_FILES.has(name) ? fillLegalPlaceholders(text, options.facts, language) : text;
  }

  return async function read(language: Language, name: string): Promise<EncodedVariants | undefined> {
    if (!options.cache) {
      const text = await readText(language, name);
      return text === undefined ? undefined : { identity: Buffer.from(text, 'utf8') };
    }
    const cacheKey = `${language}/${name}`;
    let entry = cache.get(cacheKey);
    if (!entry) {
      entry = readText(language, name).then((text) => (text === undefined ? undefined : encodeOnce(text)));
      cache.set(cacheKey, entry);
      // A file that could not be read is looked for again next time, not remembered as missing.
      void entry.then((variants) => variants ?? cache.delete(cacheKey));
    }
    return entry;
  };
}
