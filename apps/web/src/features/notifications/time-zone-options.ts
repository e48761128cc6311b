import { COUNTRY_TIME_ZONES, isCountryCode } from '@juntos/domain';

export type TimeZoneOption = { value: string; label: string };

/** Every time zone the browser knows (UTC alone where it cannot list them). */
function knownTimeZones(): string[] {
  // Typed by TypeScript's lib only from ES2022's Intl additions on; older browsers lack it.
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['UTC'];
}

/**
 * A zone as a person knows it: its city, then the zone's name and its offset from UTC, both in the
 * member's language ("Madrid — Central European Time, GMT+01:00"), not the raw IANA name
 * ("Europe/Madrid", or the older "Africa/Asmera" spellings the browser lists); and its offset in
 * minutes east of UTC, to order the world's zones from west to east.
 */
function describe(zone: string, language: string, at: Date): { option: TimeZoneOption; offset: number } {
  const city = zone.split('/').at(-1)!.replace(/_/g, ' ');
  const part = (style: 'longGeneric' | 'longOffset') => {
    try {
      return new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: style })
        .formatToParts(at)
        .find((piece) => piece.type === 'timeZoneName')?.value;
    } catch {
      return undefined;
    }
  };
  const name = part('longGeneric');
  const offsetText = part('longOffset');
  const match = /([+-−])(\d{1,2}):?(\d{2})?/.exec(offsetText ?? '');
  const offset = match ? (match[1] === '+' ? 1 : -1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : 0;
  const label = [city, [name, offsetText].filter(Boolean).join(', ')].filter(Boolean).join(' — ');
  return { option: { value: zone, label }, offset };
}

/**
 * The quiet hours' time zones (issue 34): the member's country's zones, this device's zone and the
 * zone already chosen, each named in the member's language; with `everyZone`, every other zone
 * too, from west to east. Naming a zone takes a formatter of its own, ~3 ms each on a phone, so the
 * world's ~400 are named only when the member asks for them.
 */
export function timeZoneOptions(options: {
  language: string;
  country: string | undefined;
  current: string;
  deviceZone: string;
  everyZone: boolean;
  at?: Date;
}): { near: TimeZoneOption[]; others: TimeZoneOption[] } {
  const { language, country, current, deviceZone, everyZone, at = new Date() } = options;
  const near = [
    ...new Set([
      ...(country && isCountryCode(country) ? COUNTRY_TIME_ZONES[country] : []),
      deviceZone,
      current,
    ]),
  ];
  const others = everyZone
    ? knownTimeZones()
        .filter((zone) => !near.includes(zone))
        .map((zone) => describe(zone, language, at))
        .sort((a, b) => a.offset - b.offset || a.option.label.localeCompare(b.option.label, language))
        .map((entry) => entry.option)
    : [];
  return { near: near.map((zone) => describe(zone, language, at).option), others };
}
