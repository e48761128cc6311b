import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { AdminScreen } from './admin-screen';
import { AdminOnly } from './admin-only';
import { DataTable } from '../../components/data-table';
import { adminAuditQuery, type AuditEntry } from './admin-api';

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
  const audit = useQuery(adminAuditQuery());
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'medium' });
  const actionText = (entry: AuditEntry) => {
    const key = `admin.audit.actions.${entry.action.replace('.', '_')}`;
    // An age-group change says which group: "set to adult" tells more than "changed".
    const group = entry.details.age_group;
    if (entry.action === 'member.age_group' && (group === 'minor' || group === 'adult'))
      return t(`${key}_${group}`);
    return t(key, { defaultValue: entry.action });
  };
  return (
    <AdminScreen title={t('admin.audit.title')}>
      <QueryState query={audit} errorText={t('admin.load_error')}>
        {(loaded) =>
          loaded.results.length === 0 ? (
            <p>{t('admin.audit.empty')}</p>
          ) : (
            <DataTable
              caption={t('admin.audit.caption')}
              columns={[t('history.date'), t('admin.audit.who'), t('admin.audit.what'), t('admin.audit.on')]}
            >
              {loaded.results.map((entry) => (
                <tr key={entry.id}>
                  <td>{date.format(new Date(entry.created_at))}</td>
                  <td>{entry.admin_email}</td>
                  <td>{actionText(entry)}</td>
                  <td>
                    {t(`admin.audit.targets.${entry.target_type}`, { defaultValue: entry.target_type })}{' '}
                    {entry.target_id}
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
    </AdminScreen>
  );
}
