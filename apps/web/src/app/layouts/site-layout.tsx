import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActingBanner } from '../../features/supporters/acting-banner';
import { CookieConsentDialog } from '../../features/cookie-consent/cookie-consent-dialog';
import { DisplayPreferencesControl } from '../../features/display-preferences/display-preferences-dialog';
import { AppStatusNotices } from '../../features/installable-app/app-status-notices';
import { LanguageSwitcher } from '../../features/language/language-switcher';
import { ReadAloudNotice } from '../../features/read-aloud/read-aloud-notice';
import { ReadPageButton } from '../../features/read-aloud/read-page-button';
import { hasAccessMarker } from '../../lib/storage-keys';
import { PageLoading } from '../../components/ui/page-loading';
import { AppLink, takeHandOverMark, useAppLocation, useRouteLayout, useWithRouter } from '../navigation';
import { frameFor, useFrameLayout, useTopBarCover } from './use-frame-layout';
import './site-layout.css';

// Loaded only for members: visitors (and the landing page's first bundle, decision 0017) never
// pay for them, nor for the live connection and server state they bring.
const AdBanner = lazy(() => import('../../features/ads/ad-banner'));
const TopSearch = lazy(() =>
  import('../../features/search/top-search').then((m) => ({ default: m.TopSearch })),
);
const MemberNav = lazy(() => import('./member-nav').then((m) => ({ default: m.MemberNav })));
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })),
);
const LiveUpdates = lazy(() => import('../live-updates').then((m) => ({ default: m.LiveUpdates })));

const FOOTER_DOCUMENTS = ['terms', 'privacy', 'cookies', 'legal'] as const;

function focusHeading(heading: HTMLElement) {
  heading.tabIndex = -1;
  heading.focus({ preventScroll: false });
}

/**
 * Moves focus to the new page's heading after client-side navigation, so screen-reader and
 * keyboard users land at the start of the content (a full page load does that by itself).
 */
function useFocusHeadingOnNavigation() {
  const location = useAppLocation();
  // The application drawn after a click on the landing page's first load is a navigation too.
  const firstRender = useRef<boolean | undefined>(undefined);
  firstRender.current ??= !takeHandOverMark();
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (location.hash) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) {
      focusHeading(heading);
      return;
    }
    const main = document.getElementById('main');
    if (!main || (document.activeElement && document.activeElement !== document.body)) return;
    // The page is still loading: start from the content rather than from the top of the document,
    // and move on to its heading when it arrives, as after a navigation between loaded pages
    // (the page drawn when the application takes over from the landing page is always loading).
    main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      const arrived = main.querySelector<HTMLElement>('h1');
      if (!arrived) return;
      observer.disconnect();
      if (document.activeElement === main) focusHeading(arrived);
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [location.pathname, location.hash]);
}

/** The frame of every page: skip link, top bar, content, footer, and the consent dialog. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useAppLocation();
  const withRouter = useWithRouter();
  const member = withRouter && hasAccessMarker();
  useFocusHeadingOnNavigation();
  // The policies must stay readable while the visitor decides, so the dialog never covers them.
  const showConsentDialog = !location.pathname.startsWith('/politica/');
  // A member's phone keeps the language and display settings in the navigation's panel, and in
  // the compact frame (large text, or a full-height screen such as /chat) the search too
  // (use-frame-layout.ts).
  const layout = frameFor(useFrameLayout(), useRouteLayout() === 'full-height');
  const folded = member && layout !== 'wide';
  const [topBar, setTopBar] = useState<HTMLElement | null>(null);
  useTopBarCover(topBar);
  const searchFolded = member && layout === 'compact';
  const controls = (
    <>
      {searchFolded && <TopSearch key={location.pathname} />}
      <LanguageSwitcher />
      <DisplayPreferencesControl />
      <ReadPageButton path={location.pathname} className="top-bar__control" />
    </>
  );

  const frame = (
    <>
      {member && <ActingBanner />}
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <header ref={setTopBar} className="top-bar">
        <AppLink to="/" className="top-bar__brand" aria-label={t('app.home_link')}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t('app.name')}</span>
        </AppLink>
        {member && !searchFolded && <TopSearch key={location.pathname} />}
        <div className="top-bar__controls">
          {member && <NotificationBell />}
          {!folded && (
            <>
              <LanguageSwitcher />
              <DisplayPreferencesControl />
              <ReadPageButton path={location.pathname} className="top-bar__control" />
            </>
          )}
        </div>
      </header>
      <AppStatusNotices />
      <ReadAloudNotice />
      {member && (
        <>
          <MemberNav topBarControls={folded ? controls : undefined} />
          <LiveUpdates />
        </>
      )}
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      {member && <AdBanner />}
      <footer className="site-footer">
        <nav aria-label={t('footer.label')}>
          <ul className="site-footer__links">
            {FOOTER_DOCUMENTS.map((document) => (
              <li key={document}>
                <AppLink to={`/politica/${document}`}>{t(`footer.${document}`)}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__note">{t('footer.rights')}</p>
      </footer>
      {showConsentDialog && <CookieConsentDialog />}
    </>
  );
  // A member's frame (search, bell, navigation) comes in chunks of its own: it is drawn once they
  // have all arrived, in one piece, so the bars do not grow and push the page down one after the
  // other as they load (layout shift, issue 23). The page itself still loads inside <main>.
  return member ? <Suspense fallback={<PageLoading />}>{frame}</Suspense> : frame;
}
