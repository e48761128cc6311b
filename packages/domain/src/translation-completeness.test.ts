import { describe, expect, it } from 'vitest';
import { compareTranslations } from './translation-completeness';

describe('compareTranslations', () => {
  const en = { a: { b: 'Hello {{name}}', c: 'Bye' }, d: 'x' };

  it('accepts a complete translation', () => {
    expect(compareTranslations(en, { a: { b: 'Hola {{name}}', c: 'Adiós' }, d: 'y' })).toEqual([]);
  });

  it('reports missing, extra, empty keys and changed placeholders', () => {
    const problems = compareTranslations(en, { a: { b: 'Hola {{nombre}}', c: ' ' }, e: 'z' });
    expect(problems).toEqual(
      expect.arrayContaining([
        { key: 'a.b', problem: 'placeholders' },
        { key: 'a.c', problem: 'empty' },
        { key: 'd', problem: 'missing' },
        { key: 'e', problem: 'extra' },
      ]),
    );
  });
});

describe('plural forms', () => {
  const en = { files_one: '{{count}} file', files_other: '{{count}} files' };
  it('asks each language for its own plural categories', () => {
    expect(
      compareTranslations(
        en,
        {
          files_one: '{{count}} plik',
          files_few: '{{count}} pliki',
          files_many: '{{count}} plików',
          files_other: '{{count}} pliku',
        },
        'pl',
      ),
    ).toEqual([]);
    expect(
      compareTranslations(en, { files_one: '{{count}} plik', files_other: '{{count}} pliku' }, 'pl'),
    ).toEqual([
      { key: 'files_few', problem: 'missing' },
      { key: 'files_many', problem: 'missing' },
    ]);
  });
});
