import { useTranslation } from 'react-i18next';
import { COUNTRY_CITIES, countriesByName, countryName, isCountryCode, type Language } from '@juntos/domain';
import { SelectField } from './ui/field';

/** Country, then a city of that country; changing the country empties the city (spec §2). */
export function PlaceFields({
  country,
  ciudad,
  onChange,
}: {
  country: string;
  ciudad: string;
  onChange: (place: { country: string; ciudad: string }) => void;
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
