import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { supporterRefusalText } from '../../lib/api-client';
import { useOnlineStatus } from '../../lib/use-online-status';
import { Button } from './button';
import { PageLoading } from './page-loading';
import './form-message.css';

/** The part of a TanStack query result (plain or infinite) this component reads. */
export type QueryLike<T> = {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  error: unknown;
  refetch: () => Promise<unknown>;
};

type QueryStateProps<T> = {
  query: QueryLike<T>;
  /** What failed, in the member's words ("Your friends could not be loaded."). */
  errorText: string;
  /** Shown while the first answer is awaited; the page spinner unless a section wants less. */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * Loading, failure with a way to try again, or the data (also after a failed reload of it). A render prop over `useQuery` rather than
 * Suspense with `useSuspenseQuery`: pages keep their heading and controls on screen while only the
 * data part waits, several queries on one page fail and retry one by one, and a failed load stays
 * a message inside the page instead of being thrown to the route's error page.
 */
export function QueryState<T>({ query, errorText, loading, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  const { error } = query;
  const online = useOnlineStatus();

  useEffect(() => {
    if (error) console.error(errorText, error);
  }, [error, errorText]);

  // What was loaded stays on screen when a later load fails: offline, the member keeps reading
  // the last answer rather than losing it to an error (issue 34).
  if (query.data !== undefined) return <>{children(query.data)}</>;
  // Offline with nothing loaded yet: a load waits (or failed) for the network, not for a fault.
  if (!online) {
    return (
      <p role="status" className="message message--warning">
        {t('app.offline_load')}
      </p>
    );
  }
  if (query.isPending) return <>{loading ?? <PageLoading />}</>;
  const refusal = supporterRefusalText(error);
  if (refusal)
    return (
      <p role="alert" className="message message--error">
        {refusal}
      </p>
    );
  return (
    <div className="query-error">
      <p role="alert" className="message message--error">
        {errorText}
      </p>
      <Button size="small" onClick={() => void query.refetch()}>
        {t('app.try_again')}
      </Button>
    </div>
  );
}
