import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  REPRESENTATIVE_STATES,
  hostRoutes,
  type AdminRepresentative,
  type RepresentativeState,
} from '@juntos/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { QueryState } from '../../components/ui/query-state';
import { apiCall, apiNextPage, routeUrl } from '../../lib/api-client';
import { AdminOnly } from './admin-only';
import { AdminScreen, useActionErrorToast } from './admin-screen';
import { AdminTable } from './admin-kit/admin-table';
import { RowButton } from './admin-kit/row-actions';
import '../../components/ui/badge.css';
import '../../components/ui/field.css';
import './admin.css';
import { dateTimeFormat } from '../../lib/intl-formats';

const representativesKey = ['admin', 'representatives'] as const;
const representativesQuery = (state: RepresentativeState | '') =>
  infiniteQueryOptions({
    queryKey: [...representativesKey, state],
    queryFn: ({ pageParam }) => apiNextPage(hostRoutes.adminRepresentatives, pageParam),
    initialPageParam: routeUrl(hostRoutes.adminRepresentatives, {
      query: { limit: 50, offset: 0, state: state || undefined },
    }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
const confirmRepresentative = (id: number) => apiCall(hostRoutes.confirm, { params: { id } });
const removeRepresentative = (id: number) => apiCall(hostRoutes.remove, { params: { id } });

/**
 * /admin/representantes (issue 35): the representatives of associations and research projects.
 * An invitation the member accepted waits here for an administrator to confirm it; a role can
 * be ended, an invitation withdrawn.
 */
export default function AdminRepresentativesPage() {
  return (
    <AdminOnly>
      <Representatives />
    </AdminOnly>
  );
}

function Representatives() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const onError = useActionErrorToast();
  const [state, setState] = useState<RepresentativeState | ''>('accepted');
  const [removing, setRemoving] = useState<AdminRepresentative>();
  const list = useInfiniteQuery(representativesQuery(state));
  const date = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: representativesKey });
  const confirm = useMutation({
    mutationFn: confirmRepresentative,
    onSuccess: async () => {
      toast.success(t('hosts.admin.confirmed'));
      await refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: removeRepresentative,
    onSuccess: async () => {
      setRemoving(undefined);
      toast.success(t('hosts.admin.removed'));
      await refresh();
    },
    onError,
  });
  const who = (row: AdminRepresentative) =>
    row.member ? `${row.member.nombre || row.member.email} (#${row.member.id})` : row.invited_email;
  const rows = list.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <AdminScreen title={t('hosts.admin.title')}>
      <p>{t('hosts.admin.intro')}</p>
      <div className="field admin-representatives__filter">
        <label htmlFor="representatives-state" className="field__label">
          {t('hosts.admin.filter')}
        </label>
        {/* A filter of the list, not a form: it changes what is shown at once. */}
        <select
          id="representatives-state"
          className="field__control"
          value={state}
          onChange={(event) => setState(event.target.value as RepresentativeState | '')}
        >
          <option value="">{t('hosts.admin.all_states')}</option>
          {REPRESENTATIVE_STATES.map((value) => (
            <option key={value} value={value}>
              {t(`hosts.admin.states.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={list} errorText={t('admin.load_error')}>
        {() => (
          <AdminTable
            caption={t('hosts.admin.caption')}
            empty={t('hosts.admin.empty')}
            rows={rows}
            more={{ list, label: t('hosts.admin.more') }}
            columns={[
              {
                header: t('hosts.admin.column_entry'),
                cell: (row) => (
                  <Link to={`/recursos/${row.entry_kind}/${row.entry_id}`}>{row.entry_name}</Link>
                ),
              },
              {
                header: t('hosts.admin.column_person'),
                cell: (row) => (
                  <>
                    {who(row)}
                    {row.member && row.member.email !== row.invited_email && (
                      <>
                        <br />
                        {row.invited_email}
                      </>
                    )}
                  </>
                ),
              },
              {
                header: t('hosts.admin.column_state'),
                cell: (row) => (
                  <span className={row.state === 'confirmed' ? 'badge badge--active' : 'badge'}>
                    {t(`hosts.admin.states.${row.state}`)}
                  </span>
                ),
              },
              {
                header: t('hosts.admin.column_invited'),
                cell: (row) => date.format(new Date(row.invited_at)),
              },
              {
                header: t('admin.withdrawals.actions'),
                cell: (row) => (
                  <div className="button-row">
                    {row.state === 'accepted' && (
                      <RowButton
                        itemName={who(row)}
                        variant="primary"
                        disabled={confirm.isPending}
                        onClick={() => confirm.mutate(row.id)}
                      >
                        {t('hosts.admin.confirm')}
                      </RowButton>
                    )}
                    {(row.state === 'invited' || row.state === 'accepted' || row.state === 'confirmed') && (
                      <RowButton itemName={who(row)} variant="danger" onClick={() => setRemoving(row)}>
                        {t('hosts.admin.remove')}
                      </RowButton>
                    )}
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <ConfirmDialog
        open={removing !== undefined}
        title={
          removing ? t('hosts.admin.remove_title', { person: who(removing), entry: removing.entry_name }) : ''
        }
        body={t('hosts.admin.remove_text')}
        confirmLabel={t('hosts.admin.remove')}
        cancelLabel={t('admin.cancel')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(undefined)}
      />
    </AdminScreen>
  );
}
