import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { AdminScreen } from './admin-screen';
import { AdminOnly } from './admin-only';
import { AdminTable } from './admin-kit/admin-table';
import { adminAuditQuery, type AuditEntry } from './admin-api';
import { dateTimeFormat } from '../../lib/intl-formats';

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
  const date = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'medium' });
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
        {(loaded) => (
          <AdminTable
            caption={t('admin.audit.caption')}
            empty={t('admin.audit.empty')}
            rows={loaded.results}
            columns={[
              { header: t('history.date'), cell: (entry) => date.format(new Date(entry.created_at)) },
              { header: t('admin.audit.who'), cell: (entry) => entry.admin_email },
              { header: t('admin.audit.what'), cell: actionText },
              {
                header: t('admin.audit.on'),
                cell: (entry) => (
                  <>
                    {t(`admin.audit.targets.${entry.target_type}`, { defaultValue: entry.target_type })}{' '}
                    {entry.target_id}
                  </>
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </AdminScreen>
  );
}
