import type { ReactNode } from 'react';
import { PageLoading } from '../../components/ui/page-loading';
import { useMeQuery } from '../../lib/session';
import NotFoundPage from '../not-found/not-found-page';

/** The /admin screens exist only for administrators; anyone else sees "page not found". */
export function AdminOnly({ children }: { children: ReactNode }) {
  const me = useMeQuery();
  if (me.isPending) return <PageLoading />;
  return me.data?.is_admin ? children : <NotFoundPage />;
}

/**
 * The moderation queue also exists for community moderators (issue 18): they see and act on the
 * reports of the communities they moderate; the server checks every call again.
 */
export function ModeratorOnly({ children }: { children: ReactNode }) {
  const me = useMeQuery();
  if (me.isPending) return <PageLoading />;
  return me.data?.is_admin || (me.data?.moderates.length ?? 0) > 0 ? children : <NotFoundPage />;
}
