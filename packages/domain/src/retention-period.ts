import { RETENTION_DAYS, type RetainedKind } from './retention';

const DAYS_PER_YEAR = 365;
const NO_BREAK_SPACE = '\u00a0';

/** A period as people say it: whole years when it is a multiple of a year, days otherwise. */
export function retentionPeriod(kind: RetainedKind): { amount: number; unit: 'day' | 'year' } {
  const days = RETENTION_DAYS[kind];
  return days % DAYS_PER_YEAR === 0
    ? { amount: days / DAYS_PER_YEAR, unit: 'year' }
    : { amount: days, unit: 'day' };
}

/**
 * "7 days", "3 Jahre", "30 de zile": the period in the reader's language. Intl knows each
 * language's plural forms (Polish and Romanian have three), so no translation has to repeat them
 * and no text can drift from RETENTION_DAYS. Texts around it name the period in the nominative
 * ("Kept: 30 days"), because the number and its unit come as one piece; no-break spaces keep
 * them on one line, so a narrow screen never leaves "3" at the end of a line and "Jahre" below.
 */
export function formatRetentionPeriod(kind: RetainedKind, language: string): string {
  const { amount, unit } = retentionPeriod(kind);
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' })
    .format(amount)
    .replace(/ /g, NO_BREAK_SPACE);
}

/** The token a legal document writes for a period: `retention_chat_message` in `{{retention_chat_message}}`. */
export function retentionPlaceholder(kind: RetainedKind): string {
  return `retention_${kind.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
}

/** Every period by its legal-document token, formatted for `language`. */
export function retentionPlaceholderValues(language: string): Record<string, string> {
  return Object.fromEntries(
    (Object.keys(RETENTION_DAYS) as RetainedKind[]).map((kind) => [
      retentionPlaceholder(kind),
      formatRetentionPeriod(kind, language),
    ]),
  );
}
