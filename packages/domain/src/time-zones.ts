import type { CountryCode } from './countries';

/**
 * The time zones of each country a member can live in (IANA names, the country's main zone
 * first), so a member's own country's zones can be offered before the world's ~400 (issue 34:
 * quiet hours). Outermost regions are part of the EU and of their country: the Canaries, Madeira
 * and the Azores, and France's overseas departments.
 */
export const COUNTRY_TIME_ZONES: Readonly<Record<CountryCode, readonly string[]>> = {
  es: ['Europe/Madrid', 'Atlantic/Canary', 'Africa/Ceuta'],
  fr: [
    'Europe/Paris',
    'America/Guadeloupe',
    'America/Martinique',
    'America/Cayenne',
    'Indian/Reunion',
    'Indian/Mayotte',
  ],
  de: ['Europe/Berlin', 'Europe/Busingen'],
  it: ['Europe/Rome'],
  pl: ['Europe/Warsaw'],
  cy: ['Asia/Nicosia', 'Asia/Famagusta'],
  gr: ['Europe/Athens'],
  hr: ['Europe/Zagreb'],
  hu: ['Europe/Budapest'],
  ie: ['Europe/Dublin'],
  lt: ['Europe/Vilnius'],
  lu: ['Europe/Luxembourg'],
  lv: ['Europe/Riga'],
  mt: ['Europe/Malta'],
  nl: ['Europe/Amsterdam'],
  pt: ['Europe/Lisbon', 'Atlantic/Madeira', 'Atlantic/Azores'],
  ro: ['Europe/Bucharest'],
  sk: ['Europe/Bratislava'],
  si: ['Europe/Ljubljana'],
  fi: ['Europe/Helsinki'],
  se: ['Europe/Stockholm'],
  cz: ['Europe/Prague'],
  dk: ['Europe/Copenhagen'],
  ee: ['Europe/Tallinn'],
  at: ['Europe/Vienna'],
  be: ['Europe/Brussels'],
  bg: ['Europe/Sofia'],
};
