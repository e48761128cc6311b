import { useTranslation } from 'react-i18next';
import { AppLink } from '../../app/navigation';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { useDocumentTitle } from '../../lib/use-document-title';

const CARDS = [
  ['/buscar/perfil', 'by_profile', 'person'],
  ['/buscar/enfermedad', 'by_disease', 'heart'],
  ['/buscar/amigos', 'friends', 'friends'],
] as const;

/** /buscar (spec §2 "Search hub"): three ways to find people. */
export default function SearchHubPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.buscar'));
  return (
    <section className="page">
      <h1>{t('search_hub.title')}</h1>
      <MinorReviewNotice />
      <ul className="feature-list">
        {CARDS.map(([path, card, pictogram]) => (
          <li key={card} className="feature-list__item">
            <h2>
              <AppLink to={path} pictogram={pictogram}>
                {t(`search_hub.${card}_title`)}
              </AppLink>
            </h2>
            <p>{t(`search_hub.${card}_text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
