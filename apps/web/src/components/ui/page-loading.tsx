import { useTranslation } from 'react-i18next';

/** Shown while a page's code or data loads; announced politely to screen readers. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
