import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { AppLink } from './navigation';
import { buttonClass } from '../components/ui/button';
import { hasAccessMarker } from '../lib/storage-keys';
import { ErrorScreen } from './error-screen';

/**
 * The `errorElement` of every route: a screen that throws while rendering is replaced by this
 * page inside the site frame, so the top bar and navigation keep working. The error goes to the
 * console only; the member never sees a stack trace.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const signedIn = hasAccessMarker();

  useEffect(() => {
    console.error('A screen failed while rendering', error);
  }, [error]);

  return (
    <ErrorScreen
      back={
        <AppLink
          to={signedIn ? '/feed' : '/'}
          pictogram="arrow"
          className={buttonClass({ variant: 'primary' })}
        >
          {t(signedIn ? 'error_page.back_feed' : 'error_page.back_home')}
        </AppLink>
      }
    />
  );
}
