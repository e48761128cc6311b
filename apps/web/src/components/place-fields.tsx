import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CITIES, countriesByName, countryName, isCountryCode, type Language } from '@juntos/domain';
import { SelectField } from './ui/field';

/** Country, then a city of that country; changing the country empties the city (spec §2). */
export function PlaceFields({
  country,
  ciudad,
  onChange,
  errors = {},
  refs = {},
}: {
  country: string;
  ciudad: string;
  onChange: (place: { country: string; ciudad: string }) => void;
  /** The fields' messages, in a form that checks the place. */
  errors?: { country?: string | undefined; ciudad?: string | undefined };
  /** The selects, for a form that gives the focus to a refused one. */
  refs?: { country?: Ref<HTMLSelectElement>; ciudad?: Ref<HTMLSelectElement> };
}) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const countries = countriesByName(language);
  const cities = isCountryCode(country) ? COUNTRY_CITIES[country] : [];
  return (
    <>
      <SelectField
        label={t('place.country')}
        value={country}
        ref={refs.country}
        error={errors.country}
        onChange={(event) => onChange({ country: event.target.value, ciudad: '' })}
      >
        <option value="">{t('place.any')}</option>
        {countries.map((code) => (
          <option key={code} value={code}>
            {countryName(code, language)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('place.city')}
        value={ciudad}
        ref={refs.ciudad}
        error={errors.ciudad}
        disabled={cities.length === 0}
        onChange={(event) => onChange({ country, ciudad: event.target.value })}
      >
        <option value="">{t('place.any')}</option>
        {cities.map((city) => (
          <option key={city} value={city}>
            {city}
          </option>
        ))}
      </SelectField>
    </>
  );
}
