import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CITIES,
  DIRECTORY_PLACES,
  LARGEST_CITIES,
  COUNTRY_NAMES,
  countriesByName,
  EU_COUNTRY_CODES,
  FEED_COUNTRY_CODES,
  countryName,
  isCityOf,
  isCountryCode,
} from './countries';
import { SUPPORTED_LANGUAGES } from './languages';

describe('country catalogue (spec §3)', () => {
  it('has the 27 EU member states, each code once and lower-case', () => {
    expect(EU_COUNTRY_CODES).toHaveLength(27);
    expect(new Set(EU_COUNTRY_CODES).size).toBe(27);
    for (const code of EU_COUNTRY_CODES) expect(code).toMatch(/^[a-z]{2}$/);
  });

  it('offers 26 of them in the feed filter, leaving out exactly one (spec §9)', () => {
    expect(FEED_COUNTRY_CODES).toHaveLength(26);
    expect(new Set(FEED_COUNTRY_CODES).size).toBe(26);
    const missing = EU_COUNTRY_CODES.filter((code) => !FEED_COUNTRY_CODES.includes(code));
    expect(missing).toEqual(['mt']);
    for (const code of FEED_COUNTRY_CODES) expect(isCountryCode(code)).toBe(true);
  });

  it('names every country in all ten interface languages', () => {
    expect(Object.keys(COUNTRY_NAMES).sort()).toEqual([...EU_COUNTRY_CODES].sort());
    for (const code of EU_COUNTRY_CODES) {
      expect(Object.keys(COUNTRY_NAMES[code]).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
      for (const language of SUPPORTED_LANGUAGES) {
        const name = countryName(code, language);
        expect(name.trim()).not.toBe('');
        expect(name.toLowerCase()).not.toBe(code);
      }
    }
  });

  it.each([
    ['cz', 'en', 'Czechia'],
    ['cz', 'de', 'Tschechien'],
    ['cz', 'el', 'Τσεχία'],
    ['nl', 'nl', 'Nederland'],
    ['de', 'pl', 'Niemcy'],
    ['gr', 'el', 'Ελλάδα'],
    ['ro', 'ro', 'România'],
  ] as const)('names %s in %s as %s', (code, language, name) => {
    expect(countryName(code, language)).toBe(name);
  });

  it('lists the 20 largest cities of every country, then the directory’s places, all unique', () => {
    expect(Object.keys(COUNTRY_CITIES).sort()).toEqual([...EU_COUNTRY_CODES].sort());
    for (const code of EU_COUNTRY_CODES) {
      expect(LARGEST_CITIES[code], code).toHaveLength(20);
      const cities = COUNTRY_CITIES[code];
      expect(cities, code).toEqual([...LARGEST_CITIES[code], ...(DIRECTORY_PLACES[code] ?? [])]);
      expect(new Set(cities).size, code).toBe(cities.length);
      for (const city of cities) {
        expect(city.trim(), code).toBe(city);
        expect(city, code).not.toBe('');
      }
    }
  });

  it.each([
    ['es', 'Madrid'],
    ['fr', 'Paris'],
    ['de', 'Berlin'],
    ['it', 'Roma'],
    ['pl', 'Warszawa'],
    ['gr', 'Athens'],
    ['nl', 'Amsterdam'],
    ['pt', 'Lisboa'],
    ['ro', 'București'],
    ['cz', 'Praha'],
    ['at', 'Wien'],
    ['be', 'Bruxelles'],
    ['ie', 'Dublin'],
    ['se', 'Stockholm'],
    ['dk', 'København'],
    ['fi', 'Helsinki'],
    ['hu', 'Budapest'],
    ['bg', 'Sofia'],
    ['hr', 'Zagreb'],
    ['sk', 'Bratislava'],
    ['si', 'Ljubljana'],
    ['lt', 'Vilnius'],
    ['lv', 'Rīga'],
    ['ee', 'Tallinn'],
    ['lu', 'Luxembourg'],
    ['mt', 'Valletta'],
    ['cy', 'Nicosia'],
  ] as const)('puts the capital of %s first: %s', (code, capital) => {
    expect(COUNTRY_CITIES[code][0]).toBe(capital);
  });

  it('writes Romanian names with comma-below letters, not cedillas', () => {
    expect(COUNTRY_CITIES.ro.join('')).not.toMatch(/[şţŞŢ]/);
  });
});

describe('isCountryCode', () => {
  it('accepts catalogue codes only', () => {
    expect(isCountryCode('es')).toBe(true);
    expect(isCountryCode('mt')).toBe(true);
    for (const value of ['ES', 'uk', 'gb', 'el', '', 'esp', null, undefined, 34]) {
      expect(isCountryCode(value)).toBe(false);
    }
  });
});

describe('isCityOf', () => {
  it('finds a city in its own country', () => {
    expect(isCityOf('pl', 'Kraków')).toBe(true);
    expect(isCityOf('pl', 'Łódź')).toBe(true);
    expect(isCityOf('gr', 'Thessaloniki')).toBe(true);
    expect(isCityOf('cy', 'Limassol')).toBe(true);
    expect(isCityOf('mt', 'Żabbar')).toBe(true);
    expect(isCityOf('be', 'Liège')).toBe(true);
  });

  it('refuses a city of another country, a misspelling, or an unknown country', () => {
    expect(isCityOf('de', 'Paris')).toBe(false);
    expect(isCityOf('pl', 'Krakow')).toBe(false);
    expect(isCityOf('es', 'madrid')).toBe(false);
    expect(isCityOf('es', '')).toBe(false);
    expect(isCityOf('uk', 'London')).toBe(false);
    expect(isCityOf('', 'Madrid')).toBe(false);
  });
});

describe('countriesByName', () => {
  it('orders the 27 countries by their name in the language', () => {
    const greek = countriesByName('el');
    expect(greek).toHaveLength(27);
    const names = greek.map((code) => countryName(code, 'el'));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'el')));
    expect(countriesByName('de')[0]).toBe('be');
  });
});
