import { useTranslation } from 'react-i18next';
import { countryName, isCountryCode, type Language, type ResearchMatch } from '@juntos/domain';
import { AppLink } from '../../app/navigation';
import { CountryFlag } from '../../components/country-flag';
import { ExternalLink } from '../../components/ui/external-link';
import { QueryState } from '../../components/ui/query-state';
import { buttonClass } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EntryFacts } from './entry-facts';
import { useResearchForYou } from './resources-api';
import '../../components/ui/list-card.css';
import './resources.css';
import { dateTimeFormat } from '../../lib/intl-formats';

/**
 * /recursos/para-ti (issue 35): the research projects, clinical studies and expert centres that
 * match the disease and places the member consented to hear of, each saying why it matched.
 * Only the member sees it: the API answers about the caller alone.
 */
export default function ResearchForYouPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('resources.for_you.title'));
  const matches = useResearchForYou();

  return (
    <section className="page">
      <h1>{t('resources.for_you.title')}</h1>
      <p>{t('resources.for_you.intro')}</p>
      <p role="status" className="results-count">
        {matches.data?.consented ? t('resources.for_you.count', { count: matches.data.results.length }) : ''}
      </p>
      <QueryState query={matches} errorText={t('resources.for_you.load_error')}>
        {(loaded) =>
          !loaded.consented ? (
            <>
              <p>{t('resources.for_you.not_consented')}</p>
              <p>
                <AppLink to="/profile" pictogram="person" className={buttonClass({ variant: 'primary' })}>
                  {t('resources.for_you.turn_on')}
                </AppLink>
              </p>
            </>
          ) : loaded.results.length === 0 ? (
            <p>{t('resources.for_you.empty')}</p>
          ) : (
            <ul className="resource-list">
              {loaded.results.map((match) => (
                <li key={`${match.kind}-${match.id}`}>
                  <MatchCard match={match} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {matches.data?.consented && (
        <p>
          <AppLink to="/profile">{t('resources.for_you.settings_link')}</AppLink>
        </p>
      )}
    </section>
  );
}

function MatchCard({ match }: { match: ResearchMatch }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const seat = isCountryCode(match.pais) ? match.pais : undefined;
  const matched = isCountryCode(match.country) ? countryName(match.country, language) : match.country;
  const kindText = match.estudio_clinico
    ? t('resources.for_you.kind_study')
    : match.kind === 'proyectos'
      ? t('resources.for_you.kind_project')
      : t('resources.for_you.kind_centre');
  return (
    <article className="list-card resource-card">
      <p className="resource-card__kind">{kindText}</p>
      <h2 className="list-card__name">{match.name}</h2>
      <p className="resource-card__place">
        {seat && <CountryFlag code={seat} />}{' '}
        {[match.ciudad, seat ? countryName(seat, language) : match.pais].filter(Boolean).join(', ')}
      </p>
      <p className="resource-card__why">
        {t(`resources.for_you.why_${match.reason}`, { code: match.orphacode, country: matched })}
      </p>
      {match.descripcion && <p>{match.descripcion}</p>}
      <EntryFacts entry={match} kindShown />
      {match.call && <CallForParticipants match={match} call={match.call} />}
      <ExternalLink href={match.enlace} className={buttonClass({ size: 'small' })}>
        {t('resources.more_info')}
        <span className="visually-hidden">: {match.name}</span>
      </ExternalLink>
    </article>
  );
}

/**
 * A project's call for participants (issue 35 point 5): the researchers' words in their language,
 * and the two ways to answer, both the member's own choice: the project's website, or asking a
 * representative to be friends (their profile) and then chatting. Nothing is sent for them.
 */
function CallForParticipants({
  match,
  call,
}: {
  match: ResearchMatch;
  call: NonNullable<ResearchMatch['call']>;
}) {
  const { t, i18n } = useTranslation();
  const date = dateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' });
  return (
    <section
      className="resource-card__call"
      aria-label={t('resources.for_you.call_title', { name: match.name })}
    >
      <p className="resource-card__call-title">
        {t('resources.for_you.call_heading', { date: date.format(new Date(call.posted_at)) })}
      </p>
      <blockquote lang={call.language}>{call.text}</blockquote>
      <p>{t('resources.for_you.call_answer')}</p>
      {match.representatives.length > 0 && (
        <ul className="resource-card__people">
          {match.representatives.map((person) => (
            <li key={person.member_id}>
              <AppLink to={`/perfil/${person.member_id}`}>
                {t('resources.for_you.call_representative', {
                  name: person.nombre || t('post.unknown_author'),
                })}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
