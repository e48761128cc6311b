import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { CookieConsent } from '@juntos/domain';
import { readStoredConsent, storeConsent } from './consent-storage';

type ConsentState = {
  /** undefined until the visitor has made a choice in this session. */
  consent: CookieConsent | undefined;
  saveConsent: (advertising: boolean) => void;
};

const ConsentContext = createContext<ConsentState | undefined>(undefined);

export function ConsentProvider({ children }: { children: ReactNode }) {
  const [consent, setConsent] = useState<CookieConsent | undefined>(readStoredConsent);
  const saveConsent = useCallback((advertising: boolean) => {
    const record: CookieConsent = { functional: true, advertising };
    storeConsent(record);
    setConsent(record);
  }, []);
  const value = useMemo(() => ({ consent, saveConsent }), [consent, saveConsent]);
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentState {
  const state = useContext(ConsentContext);
  if (!state) throw new Error('useConsent must be used inside <ConsentProvider>');
  return state;
}
