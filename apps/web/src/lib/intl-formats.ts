/**
 * The browser's date, number and name formatters, built once per language and options and kept.
 * Building one costs about a third of a millisecond on a desktop and several times that on a
 * phone (a collator more), and cards (posts, comments, messages, directory entries, notifications) each built
 * their own at every render; a page of them spent tens of milliseconds of a phone's main thread
 * on it (issue 36). Formatting with a kept one costs a few microseconds.
 */
const kept = new Map<string, unknown>();

function keptFormatter<T>(kind: string, locale: string | undefined, options: object, build: () => T): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = kept.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = build();
    kept.set(key, formatter);
  }
  return formatter;
}

export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions = {}) =>
  keptFormatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions = {}) =>
  keptFormatter('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const displayNames = (locale: string, options: Intl.DisplayNamesOptions) =>
  keptFormatter('names', locale, options, () => new Intl.DisplayNames([locale], options));

export const collator = (locale: string | undefined, options: Intl.CollatorOptions = {}) =>
  keptFormatter('collator', locale, options, () => new Intl.Collator(locale, options));
