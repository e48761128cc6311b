import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COUNTRY_CITIES,
  PROFILE_LIMITS,
  birthDateBounds,
  countriesByName,
  countryName,
  isCountryCode,
  todayIso,
  type FieldAudience,
  type Language,
  type RegistrationType,
} from '@juntos/domain';
import { CountryFlag } from '../../components/country-flag';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { AudienceSelect } from './audience-select';
import { profileError, profileField, type ProfileForm } from './profile-form';
import { dateTimeFormat } from '../../lib/intl-formats';

function formatDate(iso: string, language: string) {
  return dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** Who the member is: name, place, community, date of birth (with who sees it) and a few words. */
export function IdentityFields({
  form,
  registrationType,
}: {
  form: ProfileForm;
  registrationType: RegistrationType;
}) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const countries = useMemo(() => countriesByName(language), [language]);
  const bounds = birthDateBounds(registrationType, todayIso());
  const [country, birthDateAudience] = form.watch(['country', 'visibility_date_of_birth']);
  const cities = isCountryCode(country) ? COUNTRY_CITIES[country] : [];
  const field = (name: Parameters<typeof profileField>[2]) => profileField(form, t, name);
  // Registered where it shows: the order of registration is the order the focus follows.
  const countryField = () =>
    form.register('country', {
      // Spec §5: changing the country clears the city.
      onChange: () => {
        form.setValue('ciudad', '');
        form.clearErrors(['country', 'ciudad']);
      },
    });

  return (
    <fieldset className="form__fieldset">
      <legend>{t('profile_edit.identity_title')}</legend>
      <TextField
        label={`${t('profile_edit.nombre')} *`}
        autoComplete="given-name"
        maxLength={PROFILE_LIMITS.name}
        required
        {...field('nombre')}
      />
      <TextField
        label={t('profile_edit.apellidos')}
        autoComplete="family-name"
        maxLength={PROFILE_LIMITS.name}
        {...field('apellidos')}
      />
      <div className="field-with-flag">
        <SelectField
          label={`${t('profile_edit.country')} *`}
          required
          {...countryField()}
          error={profileError(form, t, 'country')}
        >
          <option value="">{t('profile_edit.choose_country')}</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code, language)}
            </option>
          ))}
        </SelectField>
        {isCountryCode(country) && <CountryFlag code={country} />}
      </div>
      <SelectField label={t('profile_edit.ciudad')} disabled={cities.length === 0} {...field('ciudad')}>
        <option value="">
          {cities.length === 0 ? t('profile_edit.choose_country_first') : t('profile_edit.choose_city')}
        </option>
        {cities.map((city) => (
          <option key={city} value={city}>
            {city}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('profile_edit.comunidad')}
        hint={t('profile_edit.comunidad_hint')}
        maxLength={PROFILE_LIMITS.community}
        {...field('comunidad')}
      />
      <div className="field-with-audience">
        <TextField
          label={`${t('profile_edit.date_of_birth')} *`}
          hint={t('profile_edit.date_of_birth_hint', {
            min: formatDate(bounds.min, language),
            max: formatDate(bounds.max, language),
          })}
          type="date"
          min={bounds.min}
          max={bounds.max}
          required
          {...field('date_of_birth')}
        />
        <AudienceSelect
          fieldLabel={t('profile_edit.date_of_birth')}
          value={birthDateAudience as FieldAudience}
          onChange={(audience) => form.setValue('visibility_date_of_birth', audience)}
        />
      </div>
      <TextAreaField
        label={t('profile_edit.bio')}
        hint={t('profile_edit.bio_hint', { max: PROFILE_LIMITS.bio })}
        rows={4}
        maxLength={PROFILE_LIMITS.bio}
        {...field('bio')}
      />
    </fieldset>
  );
}
