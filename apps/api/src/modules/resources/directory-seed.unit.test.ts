import { describe, expect, it } from 'vitest';
import { COUNTRY_CITIES, SUPPORTED_LANGUAGES, isCountryCode, type ResourceKind } from '@juntos/domain';
import { loadDirectory } from './directory-seed';

const MINIMUM: Record<ResourceKind, number> = { asociaciones: 40, proyectos: 20, centros: 40 };

describe('the directory shipped with the app', () => {
  for (const kind of Object.keys(MINIMUM) as ResourceKind[])
    it(`${kind}: enough entries, each with a catalogue country and city, an https address and ten descriptions`, () => {
      const entries = loadDirectory(kind);
      expect(entries.length).toBeGreaterThanOrEqual(MINIMUM[kind]);
      for (const entry of entries) {
        expect(isCountryCode(entry.pais), `${entry.key}: ${entry.pais}`).toBe(true);
        if (isCountryCode(entry.pais))
          expect(COUNTRY_CITIES[entry.pais], `${entry.key}: ${entry.ciudad}`).toContain(entry.ciudad);
        expect(new URL(entry.enlace).protocol, entry.key).toBe('https:');
        for (const language of SUPPORTED_LANGUAGES)
          expect(entry.descripcion[language]?.trim(), `${entry.key} (${language})`).toBeTruthy();
      }
      expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length);
      expect(new Set(entries.map((entry) => entry.enlace)).size).toBe(entries.length);
    });

  it('associations come from at least 12 countries, with the European umbrella organisation', () => {
    const entries = loadDirectory('asociaciones');
    expect(new Set(entries.map((entry) => entry.pais)).size).toBeGreaterThanOrEqual(12);
    expect(entries.some((entry) => /EURORDIS/i.test(entry.name))).toBe(true);
  });

  it('expert centres name their European Reference Network', () => {
    for (const entry of loadDirectory('centros')) expect(entry.descripcion.en, entry.key).toMatch(/ERN|Euro/);
  });

  it('refuses an entry outside the catalogue, naming the field', () => {
    expect(() => loadDirectory('asociaciones', new URL('./test-fixtures', import.meta.url).pathname)).toThrow(
      /associations\.json: entry 0\.ciudad must be a city of that country/,
    );
  });
});
