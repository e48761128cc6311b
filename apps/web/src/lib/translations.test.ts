import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FALLBACK_LANGUAGE,
  LEGAL_DOCUMENTS,
  LegalDocumentSchema,
  SUPPORTED_LANGUAGES,
  TRANSLATION_NAMESPACES,
  compareTranslations,
} from '@juntos/domain';
import { LOCALES_DIR } from '@juntos/locales';

const localesDir = LOCALES_DIR;
const read = (language: string, file: string): unknown =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${file}.json`), 'utf8'));

const others = SUPPORTED_LANGUAGES.filter((language) => language !== FALLBACK_LANGUAGE);

describe('every language is complete (DESIGN.md: a test fails when a key is missing)', () => {
  for (const namespace of TRANSLATION_NAMESPACES) {
    for (const language of others) {
      it(`${language}/${namespace}.json has every key of en, with the same placeholders`, () => {
        expect(existsSync(path.join(localesDir, language, `${namespace}.json`))).toBe(true);
        expect(compareTranslations(read('en', namespace), read(language, namespace), language)).toEqual([]);
      });
    }
  }

  for (const document of LEGAL_DOCUMENTS) {
    const reference = LegalDocumentSchema.parse(read('en', document));
    for (const language of SUPPORTED_LANGUAGES) {
      it(`${language}/${document}.json is a complete legal document`, () => {
        const translated = LegalDocumentSchema.parse(read(language, document));
        expect(translated.sections).toHaveLength(reference.sections.length);
        translated.sections.forEach((section, index) => {
          expect(section.list?.length ?? 0).toBe(reference.sections[index]?.list?.length ?? 0);
          expect(section.id).toBe(reference.sections[index]?.id);
        });
        expect(translated.last_update).toBe(reference.last_update);
      });
    }
  }
});
