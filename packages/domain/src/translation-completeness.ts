/**
 * Compares a translation file with the English reference: keys missing or extra, empty values,
 * and interpolation placeholders ({{name}}) that differ. Used by the completeness tests of the web
 * translations and of the server messages.
 */
export type TranslationProblem = { key: string; problem: 'missing' | 'extra' | 'empty' | 'placeholders' };

type Tree = { [key: string]: unknown };

function flatten(tree: unknown, prefix = '', out = new Map<string, unknown>()) {
  if (typeof tree === 'object' && tree !== null && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree as Tree))
      flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, tree);
  }
  return out;
}

const placeholders = (value: unknown) =>
  typeof value === 'string'
    ? [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',')
    : '';

export function compareTranslations(reference: unknown, candidate: unknown): TranslationProblem[] {
  const expected = flatten(reference);
  const actual = flatten(candidate);
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
