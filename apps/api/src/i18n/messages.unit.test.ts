import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, compareTranslations } from '@juntos/domain';
import { serverLocalesDir, translate } from './messages';

const read = (language: string): unknown =>
  JSON.parse(readFileSync(path.join(serverLocalesDir, `${language}.json`), 'utf8'));

describe('server messages', () => {
  for (const language of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language}.json has every message of en.json`, () => {
      expect(compareTranslations(read('en'), read(language), language)).toEqual([]);
    });
  }

  it('fills placeholders and falls back to the key for unknown messages', () => {
    expect(translate('en', 'errors.route_not_found', { method: 'GET', path: '/api/x' })).toBe(
      'There is no API endpoint GET /api/x.',
    );
    expect(translate('de', 'errors.no_such_message')).toBe('errors.no_such_message');
  });
});
