import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { useDocumentTitle } from '../../lib/use-document-title';

const CARDS = [
  ['/buscar/perfil', 'by_profile'],
  ['/buscar/enfermedad', 'by_disease'],
  ['/buscar/amigos', 'friends'],
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
        {CARDS.map(([path, card]) => (
          <li key={card} className="feature-list__item">
            <h2>
              <Link to={path}>{t(`search_hub.${card}_title`)}</Link>
            </h2>
            <p>{t(`search_hub.${card}_text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
