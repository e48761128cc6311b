import { useMatches } from 'react-router';
import type { RouteHandle, RouteLayout } from './routes';

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'layout' in handle;

/** The layout of the screen shown: the deepest matched route that says one (router.tsx). */
export function useMatchedRouteLayout(): RouteLayout {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.layout;
  }
  return 'standard';
}
