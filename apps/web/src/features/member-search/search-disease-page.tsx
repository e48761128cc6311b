import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { DiseaseField } from '../../components/disease-field';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { DiseaseSearchFormSchema } from '@juntos/domain';
import { useSchemaForm } from '../../lib/forms';
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
  const [submitted, setSubmitted] = useState<Record<string, string>>();
  const results = useQuery(diseaseSearchQuery(submitted));
  const { control, handleSubmit, setValue, watch } = useSchemaForm(DiseaseSearchFormSchema, {
    defaultValues: { enfermedad: '', orphacode: '', country: '', ciudad: '' },
  });
  const disease = useController({ control, name: 'enfermedad' }).field;
  const [country, ciudad] = watch(['country', 'ciudad']);
  // A disease not chosen from the list (no code came with it) is told by a toast (spec §5).
  const submit = handleSubmit(
    ({ orphacode, country, ciudad }) => setSubmitted({ orphacode, country, ciudad }),
    (errors) => toast.error(t(errors.orphacode?.message ?? 'search_disease.errors.select')),
  );
  const located = !!submitted && (!!submitted.country || !!submitted.ciudad);

  return (
    <section className="page page--narrow">
      <h1>{t('search_disease.title')}</h1>
      <MinorReviewNotice />
      <p>{t('search_disease.intro')}</p>
      <form className="form search-form" noValidate onSubmit={(event) => void submit(event)}>
        <DiseaseField
          ref={disease.ref}
          label={t('search_disease.disease_label')}
          hint={t('search_disease.disease_hint')}
          value={disease.value}
          onChange={(value, chosen) => {
            disease.onChange(value);
            setValue('orphacode', chosen ? String(chosen.code) : '');
          }}
        />
        <PlaceFields
          country={country}
          ciudad={ciudad}
          onChange={(place) => {
            setValue('country', place.country);
            setValue('ciudad', place.ciudad);
          }}
        />
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
