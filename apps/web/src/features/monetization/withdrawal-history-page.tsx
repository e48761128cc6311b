import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../components/ui/query-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMoneyFormat } from '../../lib/use-money-format';
import { DataTable } from '../../components/data-table';
import { withdrawalHistoryQuery } from './monetization-api';
import { dateTimeFormat } from '../../lib/intl-formats';

/** /monetizacion/historial-retiros (spec §2): date, method, tokens, euros, status, newest first. */
export default function WithdrawalHistoryPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('titles.historial_retiros'));
  const history = useQuery(withdrawalHistoryQuery());
  const date = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const { tokens: number, euros } = useMoneyFormat();

  return (
    <section className="page">
      <h1>{t('history.title')}</h1>
      <QueryState query={history} errorText={t('history.error')}>
        {(loaded) =>
          loaded.length === 0 ? (
            <p>{t('history.empty')}</p>
          ) : (
            <DataTable
              caption={t('history.caption')}
              columns={[
                t('history.date'),
                t('history.method'),
                t('history.tokens'),
                t('history.euros'),
                t('history.status'),
              ]}
            >
              {loaded.map((row) => (
                <tr key={row.id}>
                  <td>{date.format(new Date(row.created_at))}</td>
                  <td>{t(`payment.methods.${row.method}`)}</td>
                  <td>{number.format(row.tokens)}</td>
                  <td>{euros.format(row.euro_equivalent)}</td>
                  <td>{t(`history.statuses.${row.status}`)}</td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
      <p>
        <Link to="/monetizacion/ganancias">{t('payment.back_to_earnings')}</Link>
      </p>
    </section>
  );
}
