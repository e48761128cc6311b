import { Suspense, lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { CookieConsentDialog } from '../../features/cookie-consent/cookie-consent-dialog';
import { DisplayPreferencesControl } from '../../features/display-preferences/display-preferences-dialog';
import { LanguageSwitcher } from '../../features/language/language-switcher';
import { TopSearch } from '../../features/search/top-search';
import { LiveUpdates } from '../live-updates';
import { MemberNav } from './member-nav';
import { hasAccessMarker } from '../../lib/storage-keys';
import { PageLoading } from '../../components/ui/page-loading';

// Loaded only for members: visitors (and the landing page's first bundle) never pay for it.
const AdBanner = lazy(() => import('../../features/ads/ad-banner'));

const FOOTER_DOCUMENTS = ['terms', 'privacy', 'cookies', 'legal'] as const;

/**
 * Moves focus to the new page's heading after client-side navigation, so screen-reader and
 * keyboard users land at the start of the content (a full page load does that by itself).
 */
function useFocusHeadingOnNavigation() {
  const location = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (location.hash) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: false });
    }
  }, [location.pathname, location.hash]);
}

/** The frame of every page: skip link, top bar, content, footer, and the consent dialog. */
export function SiteLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  useFocusHeadingOnNavigation();
  // The policies must stay readable while the visitor decides, so the dialog never covers them.
  const showConsentDialog = !location.pathname.startsWith('/politica/');

  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <header className="top-bar">
        <Link to="/" className="top-bar__brand" aria-label={t('app.home_link')}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t('app.name')}</span>
        </Link>
        {hasAccessMarker() && <TopSearch key={location.pathname} />}
        <div className="top-bar__controls">
          <LanguageSwitcher />
          <DisplayPreferencesControl />
        </div>
      </header>
      {hasAccessMarker() && <MemberNav />}
      {hasAccessMarker() && <LiveUpdates />}
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {hasAccessMarker() && (
        <Suspense fallback={null}>
          <AdBanner />
        </Suspense>
      )}
      <footer className="site-footer">
        <nav aria-label={t('footer.label')}>
          <ul className="site-footer__links">
            {FOOTER_DOCUMENTS.map((document) => (
              <li key={document}>
                <Link to={`/politica/${document}`}>{t(`footer.${document}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__note">{t('footer.rights')}</p>
      </footer>
      {showConsentDialog && <CookieConsentDialog />}
    </>
  );
}
