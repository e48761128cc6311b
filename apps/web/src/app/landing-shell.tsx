import LandingPage from '../features/landing/landing-page';
import { SiteLayout } from './layouts/site-layout';

/**
 * A visitor's first view of `/`: the same frame and page as inside the application, without the
 * router, server state and notices, which load when the visitor leaves the page (navigation.tsx).
 * The consent provider sits above it, shared with the application (main.tsx).
 */
export function LandingShell() {
  return (
    <SiteLayout>
      <LandingPage />
    </SiteLayout>
  );
}
