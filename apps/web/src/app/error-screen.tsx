import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * What a member sees when a screen breaks while rendering: what happened, a way to try again and
 * a way back. Focus moves to the heading so keyboard and screen-reader users start here; the
 * sentence is an alert so it is announced even where focus cannot move.
 */
export function ErrorScreen({ back }: { back: ReactNode }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(t('error_page.title'));

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className="page page--narrow error-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        {t('error_page.title')}
      </h1>
      <p role="alert">{t('error_page.text')}</p>
      <p className="button-row">
        {back}
        {/* A full reload: the broken screen's code and cached answers start afresh. */}
        <Button onClick={() => window.location.reload()}>{t('error_page.retry')}</Button>
      </p>
    </section>
  );
}
