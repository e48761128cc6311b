import type { CountryCode } from '@juntos/domain';
import './country-flag.css';

// The flags of the 27 EU member states and of the EU itself as SVG files from the flag-icons package; each becomes
// its own small asset, loaded only where a flag is shown.
const FLAG_URLS = import.meta.glob<string>(
  '../../../../node_modules/flag-icons/flags/4x3/{at,be,bg,cy,cz,de,dk,ee,es,eu,fi,fr,gr,hr,hu,ie,it,lt,lu,lv,mt,nl,pl,pt,ro,se,si,sk}.svg',
  { query: '?url', import: 'default', eager: true },
);

/** `eu` is the flag of the European Union (the feed's "all countries" choice). */
export function flagUrl(code: CountryCode | 'eu'): string | undefined {
  return Object.entries(FLAG_URLS).find(([file]) => file.endsWith(`/${code}.svg`))?.[1];
}

/**
 * A country's flag. Decorative by default (the country's name is written next to it); pass
 * `label` where the flag stands alone, and it becomes the image's text alternative.
 */
export function CountryFlag({ code, label }: { code: CountryCode | 'eu'; label?: string }) {
  const url = flagUrl(code);
  if (!url) return null;
  return <img className="country-flag" src={url} alt={label ?? ''} width="24" height="18" />;
}
