/**
 * Compares a translation file with the English reference: keys missing or extra, empty values,
 * and interpolation placeholders ({{name}}) that differ. Used by the completeness tests of the web
 * translations and of the server messages.
 */
export type TranslationProblem = { key: string; problem: 'missing' | 'extra' | 'empty' | 'placeholders' };

type Tree = { [key: string]: unknown };

/** { a: { b: 'x' } } → Map { 'a.b' => 'x' } (also the easy-read coverage of the web app). */
export function flattenTexts(tree: unknown, prefix = '', out = new Map<string, unknown>()) {
  if (typeof tree === 'object' && tree !== null && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree as Tree))
      flattenTexts(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, tree);
  }
  return out;
}

/** The {{names}} a text interpolates, sorted, as one string to compare. */
export const placeholders = (value: unknown) =>
  typeof value === 'string'
    ? [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',')
    : '';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * i18next plurals: a key `x_other` in the reference stands for `x_<category>` for every plural
 * category of the candidate's language (Polish needs one, few, many, other; English one, other).
 */
function expandPlurals(expected: Map<string, unknown>, language: string | undefined) {
  if (!language) return expected;
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expanded = new Map<string, unknown>();
  const bases = new Set(
    [...expected.keys()].filter((key) => key.endsWith('_other')).map((key) => key.replace(PLURAL_SUFFIX, '')),
  );
  for (const [key, value] of expected) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (!PLURAL_SUFFIX.test(key) || !bases.has(base)) expanded.set(key, value);
  }
  for (const base of bases)
    for (const category of categories) expanded.set(`${base}_${category}`, expected.get(`${base}_other`));
  return expanded;
}

/** `language`, when given, is the candidate's language, for its plural forms. */
export function compareTranslations(
  reference: unknown,
  candidate: unknown,
  language?: string,
): TranslationProblem[] {
  const expected = expandPlurals(flattenTexts(reference), language);
  const actual = flattenTexts(candidate);
  const problems: TranslationProblem[] = [];
  for (const [key, value] of expected) {
    if (!actual.has(key)) problems.push({ key, problem: 'missing' });
    else if (typeof actual.get(key) !== 'string' || (actual.get(key) as string).trim() === '')
      problems.push({ key, problem: 'empty' });
    else if (placeholders(value) !== placeholders(actual.get(key)))
      problems.push({ key, problem: 'placeholders' });
  }
  for (const key of actual.keys()) if (!expected.has(key)) problems.push({ key, problem: 'extra' });
  return problems;
}
