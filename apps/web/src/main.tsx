import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { RootErrorBoundary } from './app/root-error-boundary';
import { router } from './app/router';
import './lib/i18n';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The outer Suspense waits for the first translations; it shows no text, as none is loaded yet.
createRoot(container).render(
  <StrictMode>
    <Suspense fallback={<div className="boot-spinner" aria-busy="true" />}>
      <RootErrorBoundary>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </RootErrorBoundary>
    </Suspense>
  </StrictMode>,
);
