import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/ui/page-loading';
import { AdminScreen } from './admin-screen';
import { AdminOnly } from './admin-only';
import { adminKeys, fetchDashboard } from './admin-api';

/** /admin: the figures an operator checks first. */
export default function AdminDashboardPage() {
  return (
    <AdminOnly>
      <Dashboard />
    </AdminOnly>
  );
}

function Dashboard() {
  const { t, i18n } = useTranslation();
  const dashboard = useQuery({ queryKey: adminKeys.dashboard, queryFn: fetchDashboard });
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  const euros = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'currency', currency: 'EUR' });
  return (
    <AdminScreen title={t('admin.dashboard.title')}>
      {dashboard.isPending ? (
        <PageLoading />
      ) : dashboard.isError ? (
        <p role="alert" className="message message--error">
          {t('admin.load_error')}
        </p>
      ) : (
        <dl className="earnings-figures">
          {(
            [
              ['adults', dashboard.data.members.adults],
              ['minors', dashboard.data.members.minors],
              ['active_today', dashboard.data.active_today],
              ['posts', dashboard.data.posts],
              ['messages_last_day', dashboard.data.messages_last_day],
              ['open_reports', dashboard.data.open_reports],
              ['pending_withdrawals', dashboard.data.pending_withdrawals.count],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt>{t(`admin.dashboard.${key}`)}</dt>
              <dd>{number.format(value)}</dd>
            </div>
          ))}
          <div>
            <dt>{t('admin.dashboard.pending_total')}</dt>
            <dd>{euros.format(dashboard.data.pending_withdrawals.euro_total)}</dd>
          </div>
        </dl>
      )}
    </AdminScreen>
  );
}
