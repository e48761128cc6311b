import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSessionCheckAtStart } from '../lib/session';
import { AppToaster } from '../components/ui/app-toaster';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
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
