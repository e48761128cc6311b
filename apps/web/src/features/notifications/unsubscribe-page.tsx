import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { unsubscribeFromEmails } from './notifications-api';

/**
 * /baja/:token: the page behind the "stop these e-mails" link of every notification e-mail. It
 * works without signing in (the link's signed token is the proof) and asks for one press, so a
 * mail scanner that opens links does not unsubscribe anyone; mail apps use the one-click POST.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.unsubscribe'));
  const { token = '' } = useParams();
  const stop = useMutation({ mutationFn: () => unsubscribeFromEmails(token) });
  const failed =
    stop.error instanceof ApiRequestError && stop.error.body?.error
      ? stop.error.body.error
      : stop.isError
        ? t('unsubscribe.error')
        : undefined;

  return (
    <section className="page page--narrow">
      <h1>{t('unsubscribe.title')}</h1>
      {stop.isSuccess ? (
        <>
          <FormMessage text={stop.data.detail} tone="success" />
          <p>
            <Link to="/ajustes/notificaciones">{t('unsubscribe.settings_link')}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('unsubscribe.intro')}</p>
          <FormMessage text={failed} tone="error" />
          <Button variant="primary" onClick={() => stop.mutate()} disabled={stop.isPending}>
            {t('unsubscribe.confirm')}
          </Button>
        </>
      )}
    </section>
  );
}
