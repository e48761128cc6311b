import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@juntos/domain';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/enfermedades');
const raw = (language: string) => readFileSync(path.join(dir, `enfermedades_${language}.json`), 'utf8');
const list = (language: string) => JSON.parse(raw(language)) as Record<string, unknown>;
const englishCodes = Object.keys(list('en')).sort();

describe('the starter rare-disease catalogue', () => {
  it('holds at least 400 diseases with ORPHA codes', () => {
    expect(englishCodes.length).toBeGreaterThanOrEqual(400);
    for (const code of englishCodes) expect(code).toMatch(/^[1-9]\d{0,6}$/);
  });

  for (const language of SUPPORTED_LANGUAGES) {
    it(`${language}: parses, has every code once, and a distinct name for each`, () => {
      // JSON.parse keeps the last of two equal keys: count the keys in the text itself.
      const keysInText = [...raw(language).matchAll(/^\s*"(\d+)"\s*:/gm)].map((match) => match[1]);
      expect(new Set(keysInText).size).toBe(keysInText.length);
      const entries = list(language);
      expect(Object.keys(entries).sort()).toEqual(englishCodes);
      const names = Object.values(entries);
      for (const name of names) expect(typeof name === 'string' && name.trim() !== '').toBe(true);
      expect(new Set(names).size).toBe(names.length);
    });
  }
});
