import { useTranslation } from 'react-i18next';
import { countryName, isCountryCode, type Language, type ResearchProject } from '@juntos/domain';
import type { ResourceEntry } from './resources-api';
import { dateTimeFormat } from '../../lib/intl-formats';

/**
 * What an entry is about (issue 35): its diseases, the countries it serves, a study's recruitment.
 * `kindShown`: the card already names the entry's kind, so the study line gives only recruitment.
 */
/** A directory entry, or a "For you" match (which names the one code that matched instead). */
type AboutEntry = Pick<ResourceEntry, 'pais' | 'paises'> &
  Partial<Pick<ResourceEntry, 'orphacodes'>> &
  Partial<Pick<ResearchProject, 'estudio_clinico' | 'recluta' | 'recluta_hasta'>>;

export function EntryFacts({ entry, kindShown = false }: { entry: AboutEntry; kindShown?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const date = dateTimeFormat(language, { dateStyle: 'long' });
  const others = entry.paises.filter((code) => code !== entry.pais);
  const study = entry.estudio_clinico ? entry : undefined;
  return (
    <>
      {study?.estudio_clinico && (
        <p
          className={kindShown ? 'resource-card__study resource-card__study--alone' : 'resource-card__study'}
        >
          {/* The "For you" card already says it is a clinical study above its name. */}
          {!kindShown && (
            <>
              <strong>{t('resources.entry.clinical_study')}</strong>
              {' · '}
            </>
          )}
          {study.recluta
            ? study.recluta_hasta
              ? t('resources.entry.recruiting_until', { date: date.format(new Date(study.recluta_hasta)) })
              : t('resources.entry.recruiting')
            : t('resources.entry.not_recruiting')}
        </p>
      )}
      {entry.orphacodes && entry.orphacodes.length > 0 && (
        <p className="resource-card__about">
          {t('resources.entry.diseases', {
            codes: entry.orphacodes.map((code) => `ORPHA:${code}`).join(', '),
          })}
        </p>
      )}
      {others.length > 0 && (
        <p className="resource-card__about">
          {t('resources.entry.countries', {
            countries: others
              .map((code) => (isCountryCode(code) ? countryName(code, language) : code))
              .join(', '),
          })}
        </p>
      )}
    </>
  );
}
