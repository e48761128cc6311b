import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth';
import { SiteLayout } from './layouts/site-layout';
import { PROTECTED_PATHS } from './routes';

// Route-level code splitting: each screen is its own chunk, loaded when first visited.
const LandingPage = lazy(() => import('../features/landing/landing-page'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const LegalPage = lazy(() => import('../features/legal/legal-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));

/** Screens of protected paths that exist so far; the others fall through to not-found. */
const protectedScreens: Partial<Record<(typeof PROTECTED_PATHS)[number], RouteObject['element']>> = {};

const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/politica/:document', element: <LegalPage /> },
      {
        element: <RequireAuth />,
        children: PROTECTED_PATHS.map((path) => ({
          path,
          element: protectedScreens[path] ?? <NotFoundPage />,
        })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
