import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  WITHDRAWAL_STATUSES,
  WithdrawalTransitionSchema,
  type WithdrawalStatus,
  type WithdrawalTransition,
} from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { errorText, formFieldErrors, useSchemaForm } from '../../lib/forms';
import { useMoneyFormat } from '../../lib/use-money-format';
import { AdminScreen, useActionErrorToast } from './admin-screen';
import { AdminOnly } from './admin-only';
import { AdminTable } from './admin-kit/admin-table';
import { FormActions } from './admin-kit/admin-dialogs';
import { RowButton } from './admin-kit/row-actions';
import { adminKeys, adminWithdrawalsQuery, moveWithdrawal, type AdminWithdrawal } from './admin-api';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';
import { dateTimeFormat } from '../../lib/intl-formats';

/** /admin/retiros: withdrawals by status; pay them by PayPal, then mark them paid or rejected. */
export default function AdminWithdrawalsPage() {
  return (
    <AdminOnly>
      <Withdrawals />
    </AdminOnly>
  );
}

type Decision = { withdrawal: AdminWithdrawal; status: 'paid' | 'rejected' };
type Move = WithdrawalTransition & { id: number };

/** The note a decision needs: a payment's reference, a refusal's reason (both in one field). */
const SERVER_FIELDS = { reference: 'reference', reason: 'reason' } as const;

function Withdrawals() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<WithdrawalStatus | ''>('pending');
  const [decision, setDecision] = useState<Decision>();
  const list = useQuery(adminWithdrawalsQuery(status));
  const date = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const { euros } = useMoneyFormat();

  const showError = useActionErrorToast();
  const move = useMutation({
    mutationFn: ({ id, ...change }: Move) => moveWithdrawal(id, change),
    onSuccess: async (_result, change) => {
      toast.success(t(`admin.withdrawals.moved.${change.status}`));
      setDecision(undefined);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => {
      if (Object.keys(formFieldErrors(error, SERVER_FIELDS)).length === 0) showError(error);
    },
  });
  const decide = (next: Decision | undefined) => {
    move.reset();
    setDecision(next);
  };

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
        {(loaded) => (
          <AdminTable
            caption={t('admin.withdrawals.caption')}
            empty={t('admin.withdrawals.empty')}
            rows={loaded}
            columns={[
              { header: t('history.date'), cell: (row) => date.format(new Date(row.created_at)) },
              { header: t('admin.withdrawals.member'), cell: (row) => row.member_email },
              {
                header: t('admin.withdrawals.pay_to'),
                cell: (row) => (
                  <>
                    {t(`payment.methods.${row.method}`)}:{' '}
                    {row.payout.paypal_email ?? row.payout.iban ?? row.payout.wallet_address}
                    <br />
                    {row.payout.billing_name}
                  </>
                ),
              },
              { header: t('history.euros'), cell: (row) => euros.format(row.euro_equivalent) },
              {
                header: t('history.status'),
                cell: (row) => (
                  <>
                    {t(`history.statuses.${row.status}`)}
                    {row.payout_reference && <> ({row.payout_reference})</>}
                  </>
                ),
              },
              {
                header: t('admin.withdrawals.actions'),
                cell: (row) =>
                  (row.status === 'pending' || row.status === 'processing') && (
                    <div className="button-row">
                      {row.status === 'pending' && (
                        <RowButton
                          itemName={row.member_email}
                          onClick={() => move.mutate({ id: row.id, status: 'processing' })}
                        >
                          {t('admin.withdrawals.mark_processing')}
                        </RowButton>
                      )}
                      <RowButton
                        itemName={row.member_email}
                        variant="primary"
                        onClick={() => decide({ withdrawal: row, status: 'paid' })}
                      >
                        {t('admin.withdrawals.mark_paid')}
                      </RowButton>
                      <RowButton
                        itemName={row.member_email}
                        variant="danger"
                        onClick={() => decide({ withdrawal: row, status: 'rejected' })}
                      >
                        {t('admin.withdrawals.reject')}
                      </RowButton>
                    </div>
                  ),
              },
            ]}
          />
        )}
      </QueryState>
      <Dialog
        open={decision !== undefined}
        title={
          decision
            ? t(`admin.withdrawals.${decision.status}_title`, { email: decision.withdrawal.member_email })
            : ''
        }
        onClose={() => decide(undefined)}
      >
        {decision && (
          <DecisionForm
            decision={decision}
            failure={move.error}
            busy={move.isPending}
            onSave={(change) => move.mutate({ ...change, id: decision.withdrawal.id })}
            onCancel={() => decide(undefined)}
          />
        )}
      </Dialog>
    </AdminScreen>
  );
}

/** A payment's reference or a refusal's reason, checked by the transition's own schema. */
function DecisionForm({
  decision,
  failure,
  busy,
  onSave,
  onCancel,
}: {
  decision: Decision;
  failure: unknown;
  busy: boolean;
  onSave: (change: WithdrawalTransition) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const paid = decision.status === 'paid';
  const note = paid ? 'reference' : 'reason';
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useSchemaForm(WithdrawalTransitionSchema, {
    defaultValues: paid ? { status: 'paid', reference: '' } : { status: 'rejected', reason: '' },
    failure,
    serverFields: SERVER_FIELDS,
    reValidateMode: 'onSubmit',
  });
  // The union's branches each have their note; the one of this decision is the field shown.
  const noteError = (errors as Partial<Record<typeof note, FieldError>>)[note];
  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <TextField
        label={t(paid ? 'admin.withdrawals.reference' : 'admin.withdrawals.reason')}
        autoFocus
        {...register(note, { onChange: () => clearErrors(note) })}
        error={errorText(t, noteError)}
      />
      <FormActions
        submitLabel={t(paid ? 'admin.withdrawals.confirm_paid' : 'admin.withdrawals.confirm_reject')}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
