import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EASY_READ_NAMESPACE, SUPPORTED_LANGUAGES } from '@juntos/domain';
import { LOCALES_DIR } from '@juntos/locales';
import {
  EASY_READ_SCREENS,
  easyReadCoverage,
  isListedKey,
  strayEasyKeys,
  type EasyReadScreen,
} from './easy-read-coverage';

const read = (language: string, file: string): unknown => {
  const location = path.join(LOCALES_DIR, language, `${file}.json`);
  return existsSync(location) ? (JSON.parse(readFileSync(location, 'utf8')) as unknown) : {};
};

const screens = Object.keys(EASY_READ_SCREENS) as EasyReadScreen[];
const report: string[] = [];

describe('easy-read coverage of the main screens (issue 21: 100 % in every language)', () => {
  afterAll(() => {
    // Printed, so a run shows how far each language is, not only which screen failed first.
    console.log(`Easy-read coverage of the main screens:\n${report.join('\n')}`);
  });

  for (const language of SUPPORTED_LANGUAGES) {
    it(`${language}: every text of the main screens has an easy-read version`, () => {
      const translation = read(language, 'translation');
      const easy = read(language, EASY_READ_NAMESPACE);
      const missing = new Set<string>();
      const perScreen = screens.map((screen) => {
        const coverage = easyReadCoverage(EASY_READ_SCREENS[screen], translation, easy);
        coverage.missing.forEach((key) => missing.add(key));
        const share = coverage.total
          ? (100 * (coverage.total - coverage.missing.length)) / coverage.total
          : 100;
        return { screen, share, missing: coverage.missing };
      });
      // Keys shown on several screens are counted once for the language's share.
      const keys = new Set(
        [...flattenKeys(translation)].filter((key) =>
          screens.some((s) => isListedKey(key, EASY_READ_SCREENS[s])),
        ),
      );
      const total = keys.size;
      const share = total ? (100 * (total - missing.size)) / total : 100;
      report.push(
        `  ${language}: ${share.toFixed(1)} % (${total - missing.size}/${total})` +
          perScreen
            .filter((screen) => screen.share < 100)
            .map((screen) => `\n      ${screen.screen}: ${screen.share.toFixed(1)} %`)
            .join(''),
      );
      expect([...missing], `${language}/easy.json lacks these texts`).toEqual([]);
    });

    it(`${language}: every easy text replaces an ordinary text of the same key`, () => {
      expect(strayEasyKeys(read(language, 'translation'), read(language, EASY_READ_NAMESPACE))).toEqual([]);
    });
  }

  it('every screen lists keys that exist in the English texts', () => {
    const english = [...flattenKeys(read('en', 'translation'))];
    for (const screen of screens)
      for (const entry of EASY_READ_SCREENS[screen])
        expect(
          english.some((key) => isListedKey(key, [entry])),
          `${screen}: ${entry}`,
        ).toBe(true);
  });
});

function flattenKeys(tree: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (typeof tree === 'object' && tree !== null && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree as Record<string, unknown>))
      flattenKeys(value, prefix ? `${prefix}.${key}` : key, out);
  } else out.add(prefix);
  return out;
}
