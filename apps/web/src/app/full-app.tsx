import type { ComponentType } from 'react';
import { Link, Navigate, RouterProvider, useLocation } from 'react-router';
import { NavigationProvider, type AppLinkProps, type Navigation } from './navigation';
import { Providers } from './providers';
import { useMatchedRouteLayout } from './route-layout';
import { createAppRouter } from './router';

const routerNavigation: Navigation = {
  // react-router's Link takes every prop of AppLinkProps (and more).
  Link: Link as ComponentType<AppLinkProps>,
  useLocation,
  Navigate,
  withRouter: true,
  useRouteLayout: useMatchedRouteLayout,
};

/**
 * The whole application: router, server state, notices. Loaded at once for every address but a
 * visitor's `/`, where it is loaded at the first navigation away (main.tsx, decision 0017).
 */
export function FullApp({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <NavigationProvider value={routerNavigation}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </NavigationProvider>
  );
}

export { createAppRouter };
