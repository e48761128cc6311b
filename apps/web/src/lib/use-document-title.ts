import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title for the current screen, "Screen · Juntos", in the current language. */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}
