import { describe, expect, it } from 'vitest';
import { DirectoryEntryInputSchema } from './admin';
import { EU_COUNTRY_CODES } from './countries';
import {
  NEIGHBOURING_COUNTRIES,
  ResearchConsentFormSchema,
  countriesInScope,
  matchReason,
  neighboursOf,
} from './research';

describe('neighbouring countries', () => {
  it('names every country of the catalogue, only catalogue countries, never itself, both ways', () => {
    expect(Object.keys(NEIGHBOURING_COUNTRIES).sort()).toEqual([...EU_COUNTRY_CODES].sort());
    for (const [country, neighbours] of Object.entries(NEIGHBOURING_COUNTRIES)) {
      expect(neighbours.length, country).toBeGreaterThan(0);
      expect(neighbours).not.toContain(country);
      for (const neighbour of neighbours)
        expect(NEIGHBOURING_COUNTRIES[neighbour], `${neighbour} → ${country}`).toContain(country);
    }
  });

  it('widens each scope from the one before', () => {
    expect(countriesInScope('es', 'country')).toEqual(['es']);
    expect(countriesInScope('es', 'neighbours').sort()).toEqual(['es', 'fr', 'pt']);
    expect(countriesInScope('es', 'eu')).toHaveLength(EU_COUNTRY_CODES.length);
    expect(neighboursOf(['es', 'fr'])).not.toContain('es');
  });

  it('gives the narrowest reason an entry matched', () => {
    expect(matchReason('es', ['es', 'de'])).toBe('country');
    expect(matchReason('pt', ['es'])).toBe('neighbours');
    expect(matchReason('gr', ['es'])).toBe('eu');
  });
});

describe('the directory entry and the consent form', () => {
  const entry = { name: 'Centre', pais: 'es', ciudad: 'Madrid', enlace: 'https://example.org/' };

  it('reads codes and countries typed as text or sent as lists, once each, the seat’s country first', () => {
    const parsed = DirectoryEntryInputSchema.parse({
      ...entry,
      orphacodes: 'ORPHA:558, 636 558',
      paises: 'PT; fr',
    });
    expect(parsed.orphacodes).toEqual([558, 636]);
    expect(parsed.paises).toEqual(['es', 'pt', 'fr']);
    expect(DirectoryEntryInputSchema.parse({ ...entry, orphacodes: [558] }).paises).toEqual(['es']);
    expect(DirectoryEntryInputSchema.parse(entry)).toMatchObject({
      estudio_clinico: false,
      recluta_hasta: null,
    });
  });

  it('refuses codes that are not numbers, unknown countries and impossible dates, with translation keys', () => {
    const issues = (body: object) =>
      DirectoryEntryInputSchema.safeParse({ ...entry, ...body }).error?.issues.map((issue) => issue.message);
    expect(issues({ orphacodes: 'Marfan' })).toEqual(['resources.errors.orphacode']);
    expect(issues({ paises: 'xx' })).toEqual(['resources.errors.country']);
    expect(issues({ recluta_hasta: '2027-02-30' })).toEqual(['resources.errors.date']);
  });

  it('needs the box ticked', () => {
    expect(ResearchConsentFormSchema.safeParse({ scope: 'eu', agree: false }).error?.issues[0]?.message).toBe(
      'research.errors.agree_required',
    );
    expect(ResearchConsentFormSchema.parse({ scope: 'eu', agree: true })).toEqual({
      scope: 'eu',
      agree: true,
    });
  });
});
