import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { actingMay, readActing } from '../../lib/acting-session';
import { useMeQuery } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NoticesPanel } from '../notices/notices-panel';
import { WordCloudFigure } from '../word-cloud/word-cloud-figure';
import { monetizationStatusQuery } from '../monetization/monetization-api';
import { buttonClass } from '../../components/ui/button';
import '../../components/ui/badge.css';

/** /dashboard (spec §2): earnings status, the word cloud, and the ways on. */
export default function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.dashboard'));
  const me = useMeQuery();
  // A supporter acting for the member never reaches the earnings (decision 0047): not asked, not offered.
  const acting = readActing() !== undefined;
  const status = useQuery({ ...monetizationStatusQuery(), enabled: !acting });
  const name = me.data?.profile.nombre;

  // The greeting's length depends on the name, so its space cannot be reserved: until the member's
  // profile has arrived only the title is shown, and the rest comes in one piece below it instead
  // of being pushed down by a late greeting (a 0.07 layout shift in French at 320 px, issue 33).
  if (me.isLoading)
    return (
      <section className="page" aria-busy="true">
        <h1>{t('dashboard.title')}</h1>
      </section>
    );

  return (
    <section className="page">
      <h1>{t('dashboard.title')}</h1>
      {name && <p className="dashboard__greeting">{t('dashboard.greeting', { name })}</p>}
      {!acting && (
        <p className="dashboard__status">
          {t('dashboard.monetization_status')}{' '}
          {status.data && (
            <span className={`badge ${status.data.activated ? 'badge--active' : 'badge--inactive'}`}>
              {status.data.activated ? t('dashboard.status_active') : t('dashboard.status_inactive')}
            </span>
          )}
        </p>
      )}
      <MinorReviewNotice />
      <NoticesPanel />
      <nav aria-label={t('dashboard.title')}>
        <ul className="card-links">
          <li>
            <Link to="/recursos" className={buttonClass()}>
              {t('dashboard.resources')}
            </Link>
          </li>
          {!acting && (
            <li>
              <Link to="/monetizacion" className={buttonClass()}>
                {t('dashboard.monetization')}
              </Link>
            </li>
          )}
          {actingMay('profile') && (
            <li>
              <Link to="/perfil-funcional" className={buttonClass()}>
                {t('dashboard.functional_profile')}
              </Link>
            </li>
          )}
        </ul>
      </nav>
      <section aria-labelledby="dashboard-cloud-title">
        <h2 id="dashboard-cloud-title">{t('dashboard.word_cloud_title')}</h2>
        <WordCloudFigure headingLevel={3} />
        <p>
          <Link to="/recursos/nube-palabras">{t('dashboard.see_word_cloud')}</Link>
        </p>
      </section>
    </section>
  );
}
