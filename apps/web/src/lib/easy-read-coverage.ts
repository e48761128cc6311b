import { flattenTexts, placeholders } from '@juntos/domain';

/**
 * Keys that stay as they are in easy-read mode, with no words to make plainer: names, number
 * formats, the symbol board's one-word labels, and the legal summaries (written in easy words in
 * every language, shown only in easy-read mode). An entry names a key or a whole section.
 */
export const EASY_READ_UNCHANGED: readonly string[] = [
  'app.name',
  'landing.title',
  'prefs.text_size_value',
  'upload.percent',
  'language.names',
  'symbols.labels',
  'legal_summary',
];

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Whether `key` (a flattened key) is one of the keys `entries` names, plural forms included. */
export function isListedKey(key: string, entries: readonly string[]): boolean {
  const base = key.replace(PLURAL_SUFFIX, '');
  return entries.some((entry) => key === entry || base === entry || key.startsWith(`${entry}.`));
}

/** Whether easy-read mode needs its own text for `key` (in the `translation` namespace or another). */
export const needsEasyText = (key: string) => !isListedKey(key, EASY_READ_UNCHANGED);

export type EasyReadCoverage = {
  /** Keys the screen shows (from the language's own translation.json, so its plural forms). */
  total: number;
  /** Keys with no usable easy text: missing, empty, or with other placeholders than the ordinary text. */
  missing: string[];
};

/**
 * How much of one screen has easy texts in one language: `shown` are the keys the screen names
 * (screen-texts.ts), `ordinary` and `easy` one namespace's files in that language.
 */
export function easyReadCoverage(
  shown: ReadonlySet<string>,
  ordinary: unknown,
  easy: unknown,
): EasyReadCoverage {
  const texts = flattenTexts(ordinary);
  const plain = flattenTexts(easy);
  // The language's own keys: its plural forms differ from English's (Polish has _few and _many).
  const base = (key: string) => key.replace(PLURAL_SUFFIX, '');
  const shownBases = new Set([...shown].map(base));
  const keys = [...texts.keys()].filter((key) => needsEasyText(key) && shownBases.has(base(key)));
  const missing = keys.filter((key) => {
    const text = plain.get(key);
    return (
      typeof text !== 'string' || text.trim() === '' || placeholders(text) !== placeholders(texts.get(key))
    );
  });
  return { total: keys.length, missing };
}

/** Easy keys with no ordinary text of the same name: a typo, or a key renamed since. */
export function strayEasyKeys(translation: unknown, easy: unknown): string[] {
  const ordinary = flattenTexts(translation);
  return [...flattenTexts(easy).keys()].filter((key) => !ordinary.has(key));
}
