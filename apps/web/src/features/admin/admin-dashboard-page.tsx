import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { AdminScreen } from './admin-screen';
import { AdminOnly } from './admin-only';
import { adminDashboardQuery } from './admin-api';
import '../../components/earnings-figures.css';
import { numberFormat } from '../../lib/intl-formats';

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
  const dashboard = useQuery(adminDashboardQuery());
  const number = numberFormat(i18n.resolvedLanguage);
  const euros = numberFormat(i18n.resolvedLanguage, { style: 'currency', currency: 'EUR' });
  return (
    <AdminScreen title={t('admin.dashboard.title')}>
      <QueryState query={dashboard} errorText={t('admin.load_error')}>
        {(loaded) => (
          <dl className="earnings-figures">
            {(
              [
                ['adults', loaded.members.adults],
                ['minors', loaded.members.minors],
                ['active_today', loaded.active_today],
                ['posts', loaded.posts],
                ['messages_last_day', loaded.messages_last_day],
                ['open_reports', loaded.open_reports],
                ['pending_withdrawals', loaded.pending_withdrawals.count],
              ] as const
            ).map(([key, value]) => (
              <div key={key}>
                <dt>{t(`admin.dashboard.${key}`)}</dt>
                <dd>{number.format(value)}</dd>
              </div>
            ))}
            <div>
              <dt>{t('admin.dashboard.pending_total')}</dt>
              <dd>{euros.format(loaded.pending_withdrawals.euro_total)}</dd>
            </div>
          </dl>
        )}
      </QueryState>
    </AdminScreen>
  );
}
