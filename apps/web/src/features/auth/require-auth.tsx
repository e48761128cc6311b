import { Navigate, Outlet, useLocation } from 'react-router';
import { hasAccessMarker } from '../../lib/storage-keys';

/** Spec §2: login-protected routes redirect to /login when the `access` marker is absent. */
export function RequireAuth() {
  const location = useLocation();
  if (!hasAccessMarker()) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
