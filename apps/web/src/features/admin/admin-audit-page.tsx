import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../app/page-loading';
import { AdminScreen } from './admin-screen';
import { AdminOnly } from './admin-only';
import { adminKeys, fetchAudit } from './admin-api';

/** /admin/auditoria: what administrators did, newest first (read only). */
export default function AdminAuditPage() {
  return (
    <AdminOnly>
      <Audit />
    </AdminOnly>
  );
}

function Audit() {
  const { t, i18n } = useTranslation();
  const audit = useQuery({ queryKey: adminKeys.audit, queryFn: fetchAudit });
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <AdminScreen title={t('admin.audit.title')}>
      {audit.isPending ? (
        <PageLoading />
      ) : audit.isError ? (
        <p role="alert" className="message message--error">
          {t('admin.load_error')}
        </p>
      ) : audit.data.results.length === 0 ? (
        <p>{t('admin.audit.empty')}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="admin-audit-caption">
          <table className="data-table">
            <caption id="admin-audit-caption">{t('admin.audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('admin.audit.who')}</th>
                <th scope="col">{t('admin.audit.what')}</th>
                <th scope="col">{t('admin.audit.on')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.results.map((entry) => (
                <tr key={entry.id}>
                  <td>{date.format(new Date(entry.created_at))}</td>
                  <td>{entry.admin_email}</td>
                  <td>
                    {t(`admin.audit.actions.${entry.action.replace('.', '_')}`, {
                      defaultValue: entry.action,
                    })}
                  </td>
                  <td>
                    {t(`admin.audit.targets.${entry.target_type}`, { defaultValue: entry.target_type })}{' '}
                    {entry.target_id}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminScreen>
  );
}
