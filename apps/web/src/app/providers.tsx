import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ApiRequestError, supporterRefusalText } from '../lib/api-client';
import { i18n } from '../lib/i18n';
import { useSessionCheckAtStart } from '../lib/session';
import { AppToaster } from '../components/ui/app-toaster';

const queryClient = new QueryClient({
  defaultOptions: {
    // A supporter's grant that does not cover a screen says so at once: asking again changes nothing.
    queries: {
      refetchOnWindowFocus: false,
      retry: (failures, error) => failures < 1 && supporterRefusalText(error) === undefined,
    },
    // Offline, TanStack Query would hold a change back without a word until the connection
    // returns: the member pressed a button and saw nothing. It is tried at once instead, fails,
    // and the member is told why (issue 34); nothing is sent behind their back later.
    mutations: { networkMode: 'always' },
  },
  mutationCache: new MutationCache({
    onError: (error) => {
      // No answer at all while the browser says it is offline: the screen's own message says what
      // failed, this one why. One toast, however many changes failed.
      if (!navigator.onLine && !(error instanceof ApiRequestError)) {
        toast.error(i18n.t('app.offline_action'), { id: 'offline-action' });
      }
    },
  }),
});

/** Spec §4 "Session": a page opened with a stored token checks it by fetching the profile. */
function SessionCheck() {
  useSessionCheckAtStart();
  return null;
}

/** The application's providers; the consent is above them, shared with the landing page (main.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionCheck />
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
