import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../app/page-loading';
import { DiseaseField } from '../../components/disease-field';
import { useDocumentTitle } from '../../lib/use-document-title';
import { searchByDisease } from './member-search-api';
import { MemberResults } from './member-results';
import { PlaceFields } from './place-fields';

/** /buscar/enfermedad (spec §2 "Search by disease"): a disease from the list is required (spec §5). */
export default function SearchDiseasePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.buscar_enfermedad'));
  const [name, setName] = useState('');
  const [code, setCode] = useState<number>();
  const [place, setPlace] = useState({ country: '', ciudad: '' });
  const [submitted, setSubmitted] = useState<Record<string, string>>();
  const results = useQuery({
    queryKey: ['member-search', 'disease', submitted],
    queryFn: () => searchByDisease(submitted ?? {}),
    enabled: submitted !== undefined,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code === undefined) {
      toast.error(t('search_disease.errors.select'));
      return;
    }
    setSubmitted({ orphacode: String(code), ...place });
  };
  const located = !!submitted && (!!submitted.country || !!submitted.ciudad);

  return (
    <section className="page page--narrow">
      <h1>{t('search_disease.title')}</h1>
      <p>{t('search_disease.intro')}</p>
      <form className="form search-form" noValidate onSubmit={submit}>
        <DiseaseField
          label={t('search_disease.disease_label')}
          hint={t('search_disease.disease_hint')}
          value={name}
          onChange={(value, disease) => {
            setName(value);
            setCode(disease?.code);
          }}
        />
        <PlaceFields country={place.country} ciudad={place.ciudad} onChange={setPlace} />
        <div className="form__links">
          <button type="submit" className="button button--primary">
            {t('search_disease.search')}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {submitted &&
          (results.isPending ? (
            <PageLoading />
          ) : results.isError ? (
            <p role="alert" className="message message--error">
              {t('search_disease.error')}
            </p>
          ) : results.data.results.length === 0 ? (
            <p>
              {located && results.data.anywhere
                ? t('search_disease.none_in_location')
                : t('search_disease.no_profiles')}
            </p>
          ) : (
            <MemberResults
              results={results.data.results}
              errorKey="search_disease.friend_error"
              onChanged={() => void results.refetch()}
            />
          ))}
      </div>
    </section>
  );
}
