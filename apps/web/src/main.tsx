// First, so that every component's and feature's styles come after the tokens and resets.
import './app/base.css';
// Before any module that builds a schema (lib/zod-config.ts says why).
import './lib/zod-config';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingShell } from './app/landing-shell';
import { ConsentProvider } from './features/cookie-consent/consent-context';
import { markHandOver, setHandOver } from './app/navigation';
import { RootErrorBoundary } from './app/root-error-boundary';
import { hasAccessMarker } from './lib/storage-keys';
import './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

// The outer Suspense waits for the first translations; it shows no text, as none is loaded yet.
// The consent sits above both trees, so a choice made on the landing page holds in the application
// that takes over in the same page view, even when the browser refuses to store it (spec §4).
function render(app: ReactNode) {
  root.render(
    <StrictMode>
      <Suspense fallback={<div className="boot-spinner" aria-busy="true" />}>
        <RootErrorBoundary>
          <ConsentProvider>{app}</ConsentProvider>
        </RootErrorBoundary>
      </Suspense>
    </StrictMode>,
  );
}

const loadApplication = () => import('./app/full-app');

function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

// The installable app (issue 20, decision 0020): the service worker is registered once the page
// has loaded, from a chunk of its own (under 1 KiB compressed), so nothing drawn waits for it.
// Production builds only: the Vite dev server's modules are not files a worker could keep.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener(
    'load',
    () => {
      import('./features/installable-app/register-service-worker')
        .then(({ registerServiceWorker }) => registerServiceWorker())
        // The app works without it: it then only needs the network, as before.
        .catch((error: unknown) => console.warn('The service worker could not be registered.', error));
    },
    { once: true },
  );
}

if (window.location.pathname === '/' && !hasAccessMarker()) {
  // A visitor's landing page: 100 KiB of compressed JavaScript at most before any interaction
  // (issue 19, decision 0017), so the application loads when the visitor leaves the page. The
  // address changes once the application is here, and the page it opens is drawn at once.
  // The latest click while the application loads is the one the visitor meant; the address
  // changes once, so Back returns to the landing page rather than to a page never drawn.
  let pending: { to: string; replace: boolean } | undefined;
  setHandOver({
    // A failed warm-up is retried at the click, which falls back to a full page load.
    warmUp: () => void loadApplication().catch(() => undefined),
    start: (to, replace) => {
      const loading = pending !== undefined;
      pending = { to, replace };
      if (loading) return;
      loadApplication().then(
        ({ FullApp, createAppRouter }) => {
          const target = pending!;
          window.history[target.replace ? 'replaceState' : 'pushState'](null, '', target.to);
          if (!target.to.includes('#')) window.scrollTo(0, 0);
          markHandOver();
          render(<FullApp router={createAppRouter()} />);
        },
        // The application could not be fetched (offline, a new release): a full page load tries again.
        () => window.location.assign(pending!.to),
      );
    },
  });
  render(<LandingShell />);
} else {
  loadApplication().then(
    ({ FullApp, createAppRouter }) => render(<FullApp router={createAppRouter()} />),
    // Shown by the root error boundary, as a failure of the single bundle was before.
    (error: unknown) => render(<Rethrow error={error} />),
  );
}
