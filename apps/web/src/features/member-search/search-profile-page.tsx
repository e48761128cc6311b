import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FUNCTIONAL_FIELDS, FUNCTIONAL_FIELD_VALUES, functionalValueKey } from '@juntos/domain';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { SelectField, TextField } from '../../components/ui/field';
import { useMeQuery } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { profileSearchQuery } from './member-search-api';
import { MemberSearchOutcome } from './member-results';
import { PlaceFields } from '../../components/place-fields';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';

const EMPTY: Record<string, string> = Object.fromEntries(
  [...FUNCTIONAL_FIELDS, 'country', 'ciudad', 'comunidad', 'edad_min', 'edad_max'].map((key) => [key, '']),
);

/** /buscar/perfil (spec §2 "Search by profile"). */
export default function SearchProfilePage() {
  const { t } = useTranslation(['translation', 'perfil_funcional']);
  useDocumentTitle(t('titles.buscar_perfil'));
  const me = useMeQuery();
  const [filters, setFilters] = useState(EMPTY);
  const [submitted, setSubmitted] = useState<Record<string, string>>();
  const results = useQuery(profileSearchQuery(submitted));

  // Spec §2: minors choose ages 0–17, everyone else 18–99; the maximum is at least the minimum.
  // The server's group, not one worked out here: an administrator may have corrected it.
  const minor = me.data?.age_group === 'minor';
  const ages = minor ? range(0, 17) : range(18, 99);
  const maxAges = ages.filter((age) => !filters.edad_min || age >= Number(filters.edad_min));
  const set = (key: string, value: string) =>
    setFilters((current) => {
      const next = { ...current, [key]: value };
      if (key === 'edad_min' && next.edad_max && Number(next.edad_max) < Number(value)) next.edad_max = '';
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted({ ...filters });
  };

  return (
    <section className="page page--narrow">
      <h1>{t('search_profile.title')}</h1>
      <MinorReviewNotice />
      <p>{t('search_profile.intro')}</p>
      <form className="form search-form" onSubmit={submit}>
        {FUNCTIONAL_FIELDS.map((field) => (
          <SelectField
            key={field}
            label={t(`perfil_funcional:fields.${field}`)}
            value={filters[field]}
            onChange={(event) => set(field, event.target.value)}
          >
            <option value="">{t('search_profile.any')}</option>
            {FUNCTIONAL_FIELD_VALUES[field].map((value) => (
              <option key={value} value={value}>
                {t(`functional_values.${field}.${functionalValueKey(value)}`)}
              </option>
            ))}
          </SelectField>
        ))}
        <PlaceFields
          country={filters.country ?? ''}
          ciudad={filters.ciudad ?? ''}
          onChange={(place) => setFilters((current) => ({ ...current, ...place }))}
        />
        <TextField
          label={t('search_profile.community')}
          value={filters.comunidad}
          maxLength={120}
          onChange={(event) => set('comunidad', event.target.value)}
        />
        <SelectField
          label={t('search_profile.age_min')}
          value={filters.edad_min}
          onChange={(event) => set('edad_min', event.target.value)}
        >
          <option value="">{t('search_profile.any')}</option>
          {ages.map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('search_profile.age_max')}
          value={filters.edad_max}
          onChange={(event) => set('edad_max', event.target.value)}
        >
          <option value="">{t('search_profile.any')}</option>
          {maxAges.map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </SelectField>
        <div className="form__links">
          <Button type="submit" variant="primary">
            {t('search_profile.search')}
          </Button>
          <Button
            onClick={() => {
              setFilters(EMPTY);
              setSubmitted(undefined);
            }}
          >
            {t('search_profile.reset')}
          </Button>
        </div>
      </form>
      <MemberSearchOutcome
        submitted={submitted !== undefined}
        query={results}
        errorText={t('search_profile.error')}
        emptyText={() => t('search_profile.no_results')}
        followErrorKey="search_profile.follow_error"
      />
    </section>
  );
}

function range(from: number, to: number) {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
