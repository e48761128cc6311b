import { ConsentProvider } from '../features/cookie-consent/consent-context';
import LandingPage from '../features/landing/landing-page';
import { SiteLayout } from './layouts/site-layout';

/**
 * A visitor's first view of `/`: the same frame and page as inside the application, without the
 * router, server state and notices, which load when the visitor leaves the page (navigation.tsx).
 */
export function LandingShell() {
  return (
    <ConsentProvider>
      <SiteLayout>
        <LandingPage />
      </SiteLayout>
    </ConsentProvider>
  );
}
