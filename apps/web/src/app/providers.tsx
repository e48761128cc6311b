import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS, TOAST_MAX_WIDTH_PX } from '@juntos/domain';
import { useSessionCheckAtStart } from '../lib/session';

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
      <Toaster
        position="top-center"
        toastOptions={{
          duration: TOAST_DURATION_MS.default,
          success: { duration: TOAST_DURATION_MS.success },
          style: { maxWidth: TOAST_MAX_WIDTH_PX },
        }}
      />
    </QueryClientProvider>
  );
}
