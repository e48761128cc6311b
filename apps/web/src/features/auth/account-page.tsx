import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoading } from '../../app/page-loading';
import { useMeQuery } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * The signed-in member's account: where sign-in and activation lead (/info, /edit-profile) until
 * the profile screens take those paths over.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.account'));
  const me = useMeQuery();

  return (
    <section className="page page--narrow">
      <h1>{t('account.title')}</h1>
      {me.isPending ? (
        <PageLoading />
      ) : me.isError ? (
        <p role="alert" className="message message--error">
          {t('account.load_error')}
        </p>
      ) : (
        <dl className="account-summary">
          <dt>{t('account.email')}</dt>
          <dd>{me.data.email}</dd>
          <dt>{t('account.type')}</dt>
          <dd>{t(`account.types.${me.data.tipo_registro}`)}</dd>
        </dl>
      )}
      <div className="form__links">
        <Link to="/change-password" className="button">
          {t('account.change_password')}
        </Link>
        <Link to="/logout" className="button">
          {t('account.logout')}
        </Link>
      </div>
    </section>
  );
}
