import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS } from '@juntos/domain';
import { endSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import './auth.css';

/** /logout (spec §2 "Logout", §4 "Logout"): a spinner while the session ends, then /login after 1.5 s. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle(t('titles.logout'));
  // Started once, even when React runs effects twice in development (StrictMode).
  const ending = useRef<Promise<void>>(undefined);

  useEffect(() => {
    let cancelled = false;
    ending.current ??= endSession(queryClient);
    const delay = new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS.short));
    void Promise.all([ending.current, delay]).then(() => {
      if (!cancelled) void navigate('/login', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);

  return (
    <section className="page page--narrow">
      <h1>{t('logout.title')}</h1>
      <div className="status-with-spinner" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{t('logout.status')}</span>
      </div>
    </section>
  );
}
