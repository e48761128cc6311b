import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BOARD_SYMBOLS,
  SUPPORTED_LANGUAGES,
  SYMBOL_CATEGORIES,
  SymbolIdsField,
  SymbolIdsSchema,
  SYMBOL_LIMITS,
} from '@juntos/domain';
import { localeFile } from '@juntos/locales';
import { SYMBOL_IMAGES } from '../../lib/symbol-images';

const openmojiDir = path.dirname(createRequire(import.meta.url).resolve('openmoji/package.json'));
const lookup = (catalogue: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe('the symbol board’s catalogue', () => {
  it('has unique ids, 6 to 10 symbols per category, each in a category of the board', () => {
    const ids = BOARD_SYMBOLS.map((symbol) => symbol.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const category of SYMBOL_CATEGORIES) {
      const count = BOARD_SYMBOLS.filter((symbol) => symbol.category === category).length;
      expect(count, category).toBeGreaterThanOrEqual(6);
      expect(count, category).toBeLessThanOrEqual(10);
    }
  });

  it('labels every symbol and every category in every language', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const catalogue: unknown = JSON.parse(readFileSync(localeFile(language, 'translation'), 'utf8'));
      for (const symbol of BOARD_SYMBOLS) {
        const label = lookup(catalogue, symbol.labelKey);
        expect(typeof label === 'string' && label.trim() !== '', `${language} ${symbol.labelKey}`).toBe(true);
      }
      for (const category of SYMBOL_CATEGORIES)
        expect(lookup(catalogue, `symbols.categories.${category}`), `${language} ${category}`).toBeTruthy();
    }
  });

  it('finds every picture in the openmoji package, and bundles exactly the catalogue’s', () => {
    for (const symbol of BOARD_SYMBOLS)
      expect(
        existsSync(path.join(openmojiDir, 'color', 'svg', `${symbol.hexcode}.svg`)),
        symbol.hexcode,
      ).toBe(true);
    expect(Object.keys(SYMBOL_IMAGES).sort()).toEqual(
      [...new Set(BOARD_SYMBOLS.map((s) => s.hexcode))].sort(),
    );
  });

  it('accepts the board’s ids up to the limit and refuses others', () => {
    expect(SymbolIdsSchema.safeParse(['pain', 'doctor', 'pain']).success).toBe(true);
    expect(SymbolIdsSchema.safeParse(['pain', 'unicorn']).error?.issues[0]?.message).toBe(
      'symbols.errors.unknown_symbol',
    );
    const tooMany = Array.from({ length: SYMBOL_LIMITS.perMessage + 1 }, () => 'yes');
    expect(SymbolIdsSchema.safeParse(tooMany).error?.issues[0]?.message).toBe('symbols.errors.too_many');
    expect(SymbolIdsField.parse(undefined)).toEqual([]);
    expect(SymbolIdsField.parse('pain,hospital')).toEqual(['pain', 'hospital']);
  });
});
