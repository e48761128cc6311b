import { describe, expect, it } from 'vitest';
import { collator, dateTimeFormat, numberFormat } from './intl-formats';

describe('kept formatters', () => {
  it('gives the same formatter for the same language and options, and another for others', () => {
    const medium = dateTimeFormat('fr', { dateStyle: 'medium' });
    expect(dateTimeFormat('fr', { dateStyle: 'medium' })).toBe(medium);
    expect(dateTimeFormat('de', { dateStyle: 'medium' })).not.toBe(medium);
    expect(dateTimeFormat('fr', { dateStyle: 'long' })).not.toBe(medium);
    // The options shape the result: a kept formatter is never one built for other options.
    const day = new Date(Date.UTC(2026, 10, 30, 12));
    expect(dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toBe(
      'November 30, 2026',
    );
    expect(numberFormat('de', { style: 'currency', currency: 'EUR' }).format(1.5)).toBe('1,50\u00a0€');
    expect(numberFormat('de').format(1.5)).toBe('1,5');
    expect(collator('es', { sensitivity: 'base' }).compare('Ávila', 'avila')).toBe(0);
    expect(collator('es').compare('Ávila', 'avila')).not.toBe(0);
  });
});
