import { useTranslation } from 'react-i18next';
import { AppLink } from '../../app/navigation';
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
        <AppLink to="/" pictogram="arrow" className={buttonClass({ variant: 'primary' })}>
          {t('not_found.home')}
        </AppLink>
      </p>
    </section>
  );
}
