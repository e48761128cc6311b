import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName, isCountryCode, type Language, type ResourceKind } from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { CountryFlag } from '../../components/country-flag';
import { PlaceFields } from '../../components/place-fields';
import { DiseaseField } from '../../components/disease-field';
import { EntryFacts } from './entry-facts';
import { ExternalLink } from '../../components/ui/external-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { entryName, useResourceList, type ResourceEntry } from './resources-api';
import { buttonClass } from '../../components/ui/button';
import { ReadAloudButton, readAloudUnit } from '../read-aloud/read-aloud-button';
import '../../components/ui/field.css';
import '../../components/ui/list-card.css';
import './resources.css';

const TEXT_KEY: Record<ResourceKind, string> = {
  asociaciones: 'associations',
  proyectos: 'projects',
  centros: 'centres',
};

/**
 * /recursos/asociaciones, /recursos/proyectos, /recursos/centros (spec §2): the list with a
 * country filter and a city filter that depends on it; a spinner while loading, the error in red,
 * a message when nothing matches, and cards whose more-information link opens the organisation's
 * site in a new tab (and says so). The number of results is announced when the filters change.
 */
export default function ResourceListPage({ kind }: { kind: ResourceKind }) {
  const { t } = useTranslation();
  const key = TEXT_KEY[kind];
  useDocumentTitle(t(`resources.${key}.title`));
  const [place, setPlace] = useState({ country: '', ciudad: '' });
  // Issue 35: a disease from the list filters by its ORPHA code; free text filters nothing.
  const [disease, setDisease] = useState({ name: '', code: '' });
  const list = useResourceList(kind, place.country, place.ciudad, disease.code);

  return (
    <section className="page">
      <h1>{t(`resources.${key}.title`)}</h1>
      <p>{t(`resources.${key}.intro`)}</p>
      <form
        className="filters"
        aria-label={t('resources.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <PlaceFields country={place.country} ciudad={place.ciudad} onChange={setPlace} />
        <DiseaseField
          label={t('resources.filter_disease')}
          hint={t('resources.filter_disease_hint')}
          value={disease.name}
          onChange={(name, found) => setDisease({ name, code: found ? String(found.code) : '' })}
        />
      </form>
      <p role="status" className="results-count">
        {list.data ? t(`resources.${key}.count`, { count: list.data.length }) : ''}
      </p>
      <QueryState query={list} errorText={t(`resources.${key}.error`)}>
        {(loaded) =>
          loaded.length === 0 ? (
            <p>{t(`resources.${key}.empty`)}</p>
          ) : (
            <ul className="resource-list">
              {loaded.map((entry) => (
                <li key={entry.id}>
                  <ResourceCard entry={entry} kind={kind} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function ResourceCard({ entry, kind }: { entry: ResourceEntry; kind: ResourceKind }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const name = entryName(entry);
  const country = isCountryCode(entry.pais) ? entry.pais : undefined;
  return (
    <article className="list-card resource-card" {...readAloudUnit}>
      <h2 className="list-card__name">
        {/* Associations and projects have a page of their own (issue 35): communities, representatives. */}
        {kind === 'centros' ? name : <Link to={`/recursos/${kind}/${entry.id}`}>{name}</Link>}
      </h2>
      <p className="resource-card__place">
        {country && <CountryFlag code={country} />}{' '}
        {[entry.ciudad, country ? countryName(country, language) : entry.pais].filter(Boolean).join(', ')}
      </p>
      {entry.descripcion && <p>{entry.descripcion}</p>}
      <EntryFacts entry={entry} />
      <ExternalLink href={entry.enlace} className={buttonClass({ size: 'small' })}>
        {t('resources.more_info')}
        <span className="visually-hidden">: {name}</span>
      </ExternalLink>
      <ReadAloudButton what={name} />
    </article>
  );
}
