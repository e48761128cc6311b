import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LEGAL_DOCUMENTS,
  LegalDocumentSchema,
  SUPPORTED_LANGUAGES,
  RETENTION_DAYS,
  formatRetentionPeriod,
  retentionPlaceholder,
  type RetainedKind,
} from '@juntos/domain';
import { LOCALES_DIR } from '@juntos/locales';
import { fillLegalPlaceholders, formatDuration } from './localised-files';

const facts = {
  operator: { name: 'Asociación "Ejemplo"', address: 'Calle Mayor 1', contactEmail: 'dpo@juntos.test' },
  mediaCacheSeconds: 86_400,
};

describe('the tokens of the legal documents', () => {
  for (const language of SUPPORTED_LANGUAGES) {
    it(`${language}: every token of every document is filled, and the result is still a legal document`, () => {
      for (const document of LEGAL_DOCUMENTS) {
        const source = readFileSync(path.join(LOCALES_DIR, language, `${document}.json`), 'utf8');
        const filled = fillLegalPlaceholders(source, facts, language);
        expect(filled, `${language}/${document}`).not.toMatch(/\{\{\w+\}\}/);
        expect(() => LegalDocumentSchema.parse(JSON.parse(filled))).not.toThrow();
      }
    });
  }

  it('states the retention periods of RETENTION_DAYS in the language of the document', () => {
    const source = readFileSync(path.join(LOCALES_DIR, 'es', 'privacy.json'), 'utf8');
    const text = JSON.stringify(JSON.parse(fillLegalPlaceholders(source, facts, 'es')));
    for (const kind of ['exportArchive', 'chatMessage', 'auditEntry', 'withdrawalRecord'] as const) {
      expect(text).toContain(formatRetentionPeriod(kind, 'es'));
    }
  });

  // A period added to RETENTION_DAYS must be stated in the policy of every language, not just exist.
  for (const language of SUPPORTED_LANGUAGES) {
    it(`${language}: the privacy policy states every period of RETENTION_DAYS`, () => {
      const source = readFileSync(path.join(LOCALES_DIR, language, 'privacy.json'), 'utf8');
      for (const kind of Object.keys(RETENTION_DAYS) as RetainedKind[])
        expect(source, `${language}: {{${retentionPlaceholder(kind)}}}`).toContain(
          `{{${retentionPlaceholder(kind)}}}`,
        );
    });
  }

  it('states how long caches may keep a public picture, from MEDIA_CACHE_SECONDS', () => {
    const source = readFileSync(path.join(LOCALES_DIR, 'de', 'privacy.json'), 'utf8');
    const text = fillLegalPlaceholders(source, { ...facts, mediaCacheSeconds: 6 * 3600 }, 'de');
    expect(text).toContain('höchstens 6\u00a0Stunden lang');
    expect(formatDuration(86_400, 'en')).toBe('1\u00a0day');
    expect(formatDuration(90, 'en')).toBe('90\u00a0seconds');
    expect(formatDuration(0, 'en')).toBe('0\u00a0seconds');
  });

  it('leaves an unknown token visible rather than blank', () => {
    expect(fillLegalPlaceholders('{"a":"{{nobody_knows}}"}', facts, 'en')).toBe('{"a":"{{nobody_knows}}"}');
  });
});
