import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { useMoneyFormat } from '../../lib/use-money-format';
import { AdminScreen, useActionErrorToast } from './admin-screen';
import { AdminOnly } from './admin-only';
import { DataTable } from '../../components/data-table';
import { adminKeys, adminWithdrawalsQuery, moveWithdrawal, type AdminWithdrawal } from './admin-api';
import { Button } from '../../components/ui/button';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';

/** /admin/retiros: withdrawals by status; pay them by PayPal, then mark them paid or rejected. */
export default function AdminWithdrawalsPage() {
  return (
    <AdminOnly>
      <Withdrawals />
    </AdminOnly>
  );
}

type Decision = { withdrawal: AdminWithdrawal; status: 'paid' | 'rejected' };

function Withdrawals() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<WithdrawalStatus | ''>('pending');
  const [decision, setDecision] = useState<Decision>();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const list = useQuery(adminWithdrawalsQuery(status));
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const { euros } = useMoneyFormat();

  const showError = useActionErrorToast();
  const move = useMutation({
    mutationFn: (change: Parameters<typeof moveWithdrawal>[1] & { id: number }) => {
      const { id, ...body } = change;
      return moveWithdrawal(id, body);
    },
    onSuccess: async (_result, change) => {
      toast.success(t(`admin.withdrawals.moved.${change.status}`));
      setDecision(undefined);
      setNote('');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => {
      const field = error instanceof ApiRequestError ? Object.values(error.body?.fields ?? {})[0] : undefined;
      if (field) setNoteError(field);
      else showError(error);
    },
  });

  return (
    <AdminScreen title={t('admin.withdrawals.title')}>
      <div className="filters">
        <SelectField
          label={t('admin.withdrawals.filter')}
          value={status}
          onChange={(event) => setStatus(event.target.value as WithdrawalStatus | '')}
        >
          <option value="">{t('place.any')}</option>
          {WITHDRAWAL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`history.statuses.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <QueryState query={list} errorText={t('admin.load_error')}>
        {(loaded) =>
          loaded.length === 0 ? (
            <p>{t('admin.withdrawals.empty')}</p>
          ) : (
            <DataTable
              caption={t('admin.withdrawals.caption')}
              columns={[
                t('history.date'),
                t('admin.withdrawals.member'),
                t('admin.withdrawals.pay_to'),
                t('history.euros'),
                t('history.status'),
                t('admin.withdrawals.actions'),
              ]}
            >
              {loaded.map((row) => (
                <tr key={row.id}>
                  <td>{date.format(new Date(row.created_at))}</td>
                  <td>{row.member_email}</td>
                  <td>
                    {t(`payment.methods.${row.method}`)}:{' '}
                    {row.payout.paypal_email ?? row.payout.iban ?? row.payout.wallet_address}
                    <br />
                    {row.payout.billing_name}
                  </td>
                  <td>{euros.format(row.euro_equivalent)}</td>
                  <td>
                    {t(`history.statuses.${row.status}`)}
                    {row.payout_reference && <> ({row.payout_reference})</>}
                  </td>
                  <td>
                    {(row.status === 'pending' || row.status === 'processing') && (
                      <div className="button-row">
                        {row.status === 'pending' && (
                          <Button
                            size="small"
                            onClick={() => move.mutate({ id: row.id, status: 'processing' })}
                          >
                            {t('admin.withdrawals.mark_processing')}
                            <span className="visually-hidden"> {row.member_email}</span>
                          </Button>
                        )}
                        <Button
                          variant="primary"
                          size="small"
                          onClick={() => setDecision({ withdrawal: row, status: 'paid' })}
                        >
                          {t('admin.withdrawals.mark_paid')}
                          <span className="visually-hidden"> {row.member_email}</span>
                        </Button>
                        <Button
                          variant="danger"
                          size="small"
                          onClick={() => setDecision({ withdrawal: row, status: 'rejected' })}
                        >
                          {t('admin.withdrawals.reject')}
                          <span className="visually-hidden"> {row.member_email}</span>
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
      <Dialog
        open={decision !== undefined}
        title={
          decision
            ? t(`admin.withdrawals.${decision.status}_title`, { email: decision.withdrawal.member_email })
            : ''
        }
        onClose={() => {
          setDecision(undefined);
          setNoteError(undefined);
        }}
      >
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!decision) return;
            const text = note.trim();
            if (!text) {
              setNoteError(
                t(
                  decision.status === 'paid'
                    ? 'admin.withdrawals.reference_required'
                    : 'admin.withdrawals.reason_required',
                ),
              );
              return;
            }
            move.mutate(
              decision.status === 'paid'
                ? { id: decision.withdrawal.id, status: 'paid', reference: text }
                : { id: decision.withdrawal.id, status: 'rejected', reason: text },
            );
          }}
        >
          <TextField
            label={t(
              decision?.status === 'paid' ? 'admin.withdrawals.reference' : 'admin.withdrawals.reason',
            )}
            value={note}
            error={noteError}
            autoFocus
            onChange={(event) => {
              setNote(event.target.value);
              setNoteError(undefined);
            }}
          />
          <div className="dialog__actions">
            <Button onClick={() => setDecision(undefined)}>{t('admin.cancel')}</Button>
            <Button type="submit" variant="primary" disabled={move.isPending}>
              {t(
                decision?.status === 'paid'
                  ? 'admin.withdrawals.confirm_paid'
                  : 'admin.withdrawals.confirm_reject',
              )}
            </Button>
          </div>
        </form>
      </Dialog>
    </AdminScreen>
  );
}
