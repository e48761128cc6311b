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
