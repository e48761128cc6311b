import { describe, expect, it } from 'vitest';
import { negotiateLanguage, primaryLanguage } from './languages';

describe('primaryLanguage', () => {
  it('takes the code before any hyphen', () => {
    expect(primaryLanguage('pt-BR')).toBe('pt');
    expect(primaryLanguage('EL-gr')).toBe('el');
  });
  it('refuses languages the platform does not offer', () => {
    expect(primaryLanguage('ja-JP')).toBeUndefined();
    expect(primaryLanguage('')).toBeUndefined();
  });
});

describe('negotiateLanguage', () => {
  it('honours q-values and falls back to English', () => {
    expect(negotiateLanguage('ja;q=1, de-AT;q=0.8, es;q=0.9')).toBe('es');
    expect(negotiateLanguage('ja, zh')).toBe('en');
    expect(negotiateLanguage(undefined)).toBe('en');
    expect(negotiateLanguage('fr;q=0, it')).toBe('it');
  });
});
