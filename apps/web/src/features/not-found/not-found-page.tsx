import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClass } from '../../components/ui/button';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.not_found'));
  return (
    <section className="page page--narrow">
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.text')}</p>
      <p>
        <Link to="/" className={buttonClass({ variant: 'primary' })}>
          {t('not_found.home')}
        </Link>
      </p>
    </section>
  );
}
