import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  SUPPORTER_PERMISSIONS,
  SupporterInviteSchema,
  type Supporter,
  type SupporterPermission,
} from '@juntos/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { CheckboxField, TextField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { QueryState } from '../../components/ui/query-state';
import { errorText, formFailureText, useSchemaForm } from '../../lib/forms';
import { PermissionList } from './permission-list';
import {
  changeSupporter,
  endSupporter,
  inviteSupporter,
  mySupporters,
  supporterKeys,
} from './supporters-api';
import { dateTimeFormat } from '../../lib/intl-formats';

const SERVER_FIELDS = { email: 'email', permissions: 'permissions' } as const;

/**
 * "People who help me": invite someone by e-mail and choose what they may do, see each grant's
 * state, change what a supporter may do, and end any of them at once (decision 0047).
 */
export function MySupporters() {
  const { t } = useTranslation();
  const headingId = useId();
  const supporters = useQuery({ queryKey: supporterKeys.mine, queryFn: mySupporters });
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  return (
    <section aria-labelledby={headingId} className="supporters__section">
      <h2 id={headingId}>{t('supporters.mine.title')}</h2>
      <p>{t('supporters.mine.intro')}</p>
      <ul className="supporters__limits">
        <li>{t('supporters.mine.never')}</li>
        <li>{t('supporters.mine.seen')}</li>
      </ul>
      <InviteForm
        onInvited={(email) => setMessage({ text: t('supporters.mine.invited', { email }), tone: 'success' })}
      />
      <FormMessage text={message?.text} tone={message?.tone} />
      <h3>{t('supporters.mine.list_title')}</h3>
      <QueryState query={supporters} errorText={t('supporters.load_error')}>
        {({ supporters: list }) =>
          list.length === 0 ? (
            <p>{t('supporters.mine.none')}</p>
          ) : (
            <ul className="supporters__list">
              {list.map((grant) => (
                <SupporterItem key={grant.id} grant={grant} onMessage={setMessage} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function PermissionChoices({
  legend,
  register,
  error,
}: {
  legend: string;
  register: (permission: SupporterPermission) => Record<string, unknown>;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <fieldset className="form__fieldset" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {SUPPORTER_PERMISSIONS.map((permission) => (
        <CheckboxField
          key={permission}
          label={t(`supporters.permissions.${permission}`)}
          hint={t(`supporters.permissions_hint.${permission}`)}
          value={permission}
          {...register(permission)}
        />
      ))}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const invite = useMutation({
    mutationFn: inviteSupporter,
    onSuccess: async (grant) => {
      reset();
      onInvited(grant.invited_email);
      await queryClient.invalidateQueries({ queryKey: supporterKeys.mine });
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(SupporterInviteSchema, {
    defaultValues: { email: '', permissions: [] },
    failure: invite.error,
    serverFields: SERVER_FIELDS,
  });
  const onSubmit = handleSubmit((values) => invite.mutate(values));
  return (
    <form className="form supporters__invite" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h3>{t('supporters.mine.invite_title')}</h3>
      <TextField
        type="email"
        autoComplete="off"
        label={t('supporters.mine.email')}
        hint={t('supporters.mine.email_hint')}
        {...register('email')}
        error={errorText(t, errors.email)}
      />
      <PermissionChoices
        legend={t('supporters.mine.may_do')}
        register={() => register('permissions')}
        // The schema checks the list as a whole (at least one), so its message sits on the list.
        error={errorText(t, errors.permissions as FieldError | undefined)}
      />
      <FormMessage text={formFailureText(invite.error, t('supporters.mine.invite_error'))} tone="error" />
      <Button type="submit" variant="primary" disabled={invite.isPending}>
        {t('supporters.mine.invite')}
      </Button>
    </form>
  );
}

function SupporterItem({
  grant,
  onMessage,
}: {
  grant: Supporter;
  onMessage: (message: { text: string; tone: 'error' | 'success' }) => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [chosen, setChosen] = useState<SupporterPermission[]>(grant.permissions);
  const name = grant.supporter?.nombre || grant.invited_email;
  const date = dateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: supporterKeys.mine });

  const end = useMutation({
    mutationFn: () => endSupporter(grant.id),
    onSuccess: async () => {
      setConfirming(false);
      onMessage({ text: t('supporters.mine.ended', { name }), tone: 'success' });
      await refresh();
    },
    onError: () => onMessage({ text: t('supporters.mine.end_error'), tone: 'error' }),
  });
  const change = useMutation({
    mutationFn: () => changeSupporter(grant.id, chosen),
    onSuccess: async () => {
      onMessage({ text: t('supporters.mine.changed', { name }), tone: 'success' });
      await refresh();
    },
    onError: () => onMessage({ text: t('supporters.mine.change_error'), tone: 'error' }),
  });

  return (
    <li className="supporters__item">
      <p className="supporters__name">
        <strong>{name}</strong>
        {' · '}
        {grant.state === 'active'
          ? t('supporters.mine.helps_since', {
              date: date.format(new Date(grant.accepted_at ?? grant.invited_at)),
            })
          : t('supporters.mine.invited_on', { date: date.format(new Date(grant.invited_at)) })}
      </p>
      <PermissionList permissions={grant.permissions} />
      <details className="supporters__change">
        <summary>{t('supporters.mine.change', { name })}</summary>
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen.length > 0) change.mutate();
          }}
        >
          <PermissionChoices
            legend={t('supporters.mine.may_do_name', { name })}
            register={(permission) => ({
              name: `permissions-${grant.id}`,
              checked: chosen.includes(permission),
              onChange: (event: { target: { checked: boolean } }) =>
                setChosen((current) =>
                  SUPPORTER_PERMISSIONS.filter((each) =>
                    each === permission ? event.target.checked : current.includes(each),
                  ),
                ),
            })}
            error={chosen.length === 0 ? t('supporters.errors.permissions') : undefined}
          />
          <Button type="submit" disabled={change.isPending || chosen.length === 0}>
            {t('supporters.mine.save')}
          </Button>
        </form>
      </details>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {grant.state === 'active'
          ? t('supporters.mine.end', { name })
          : t('supporters.mine.withdraw', { name })}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={
          grant.state === 'active'
            ? t('supporters.mine.end_title', { name })
            : t('supporters.mine.withdraw_title')
        }
        body={
          grant.state === 'active'
            ? t('supporters.mine.end_body', { name })
            : t('supporters.mine.withdraw_body')
        }
        confirmLabel={
          grant.state === 'active' ? t('supporters.mine.end_confirm') : t('supporters.mine.withdraw_confirm')
        }
        cancelLabel={t('supporters.cancel')}
        busy={end.isPending}
        onConfirm={() => end.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
