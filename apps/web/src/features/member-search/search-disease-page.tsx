import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { DiseaseField } from '../../components/disease-field';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { useDocumentTitle } from '../../lib/use-document-title';
import { diseaseSearchQuery } from './member-search-api';
import { MemberSearchOutcome } from './member-results';
import { PlaceFields } from '../../components/place-fields';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';

/** /buscar/enfermedad (spec §2 "Search by disease"): a disease from the list is required (spec §5). */
export default function SearchDiseasePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.buscar_enfermedad'));
  const [name, setName] = useState('');
  const [code, setCode] = useState<number>();
  const [place, setPlace] = useState({ country: '', ciudad: '' });
  const [submitted, setSubmitted] = useState<Record<string, string>>();
  const results = useQuery(diseaseSearchQuery(submitted));
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
      <MinorReviewNotice />
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
          <Button type="submit" variant="primary">
            {t('search_disease.search')}
          </Button>
        </div>
      </form>
      <MemberSearchOutcome
        submitted={submitted !== undefined}
        query={results}
        errorText={t('search_disease.error')}
        emptyText={(page) =>
          located && page.anywhere ? t('search_disease.none_in_location') : t('search_disease.no_profiles')
        }
        followErrorKey="search_disease.friend_error"
      />
    </section>
  );
}
