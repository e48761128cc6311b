import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { countryName, isCountryCode, type Language } from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { TextField } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { AdminScreen, useActionErrorToast } from './admin-screen';
import { AdminOnly } from './admin-only';
import {
  adminKeys,
  approveMinor,
  pendingMinorsQuery,
  setAgeGroup,
  type AgeGroup,
  type PendingMinor,
} from './admin-api';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';
import './admin.css';

/**
 * /admin/menores: minors' accounts waiting for an administrator's check (docs/decisions/0011),
 * and a form that puts any account in the minors' or the adults' group.
 */
export default function AdminMinorsPage() {
  return (
    <AdminOnly>
      <MinorsReview />
    </AdminOnly>
  );
}

function MinorsReview() {
  const { t } = useTranslation();
  return (
    <AdminScreen title={t('admin.minors.title')}>
      <p>{t('admin.minors.intro')}</p>
      <PendingQueue />
      <AgeGroupForm />
    </AdminScreen>
  );
}

const fullName = (minor: PendingMinor) => [minor.nombre, minor.apellidos].filter(Boolean).join(' ');

function PendingQueue() {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const queryClient = useQueryClient();
  const onError = useActionErrorToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const table = useRef<HTMLDivElement>(null);
  const [confirmingAdult, setConfirmingAdult] = useState<PendingMinor>();
  const minors = useInfiniteQuery(pendingMinorsQuery());
  // A handled account leaves the table: focus goes to the table (or, once it is empty, the
  // section's heading) instead of falling back to the start of the page.
  const afterAction = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    (table.current ?? heading.current)?.focus();
  };
  const approve = useMutation({
    mutationFn: approveMinor,
    onSuccess: async () => {
      toast.success(t('admin.minors.done.approve'));
      await afterAction();
    },
    onError,
  });
  const markAdult = useMutation({
    mutationFn: (id: number) => setAgeGroup(id, 'adult'),
    onSuccess: async () => {
      setConfirmingAdult(undefined);
      toast.success(t('admin.minors.done.adult'));
      await afterAction();
    },
    onError,
  });
  const busy = approve.isPending || markAdult.isPending;
  const dateTime = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  // Birth dates are calendar days: formatted in UTC so no time zone moves them a day.
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeZone: 'UTC' });

  const shown = minors.data?.pages.flatMap((page) => page.results) ?? [];
  const nameOf = (minor: PendingMinor) => fullName(minor) || minor.email;

  return (
    <section aria-labelledby="admin-minors-queue" className="admin-minors__queue">
      <h2 id="admin-minors-queue" ref={heading} tabIndex={-1}>
        {t('admin.minors.queue_title')}
      </h2>
      <QueryState query={minors} errorText={t('admin.load_error')}>
        {() =>
          shown.length === 0 ? (
            <p>{t('admin.minors.empty')}</p>
          ) : (
            <>
              <DataTable
                ref={table}
                caption={t('admin.minors.caption')}
                columns={[
                  t('admin.minors.columns.account'),
                  t('admin.minors.columns.guardian'),
                  t('admin.minors.columns.age'),
                  t('admin.minors.columns.place'),
                  t('admin.minors.columns.registered'),
                  t('admin.minors.columns.actions'),
                ]}
              >
                {shown.map((minor) => {
                  const country = minor.country && isCountryCode(minor.country) ? minor.country : undefined;
                  const relation = minor.guardian.relacion;
                  return (
                    <tr key={minor.id}>
                      <td>
                        <strong>{fullName(minor) || t('admin.minors.no_name')}</strong>
                        <br />
                        {minor.email}
                        {minor.telefono && (
                          <>
                            <br />
                            {minor.telefono}
                          </>
                        )}
                        <br />
                        <span className="admin-minors__muted">
                          {t('admin.minors.member_id', { id: minor.id })}
                        </span>
                      </td>
                      <td>
                        {minor.guardian.nombre ?? '—'}
                        {relation && (
                          <>
                            <br />
                            {t(`signup_minor.relations.${relation}`, { defaultValue: relation })}
                          </>
                        )}
                      </td>
                      <td>
                        {minor.edad === null ? '—' : t('public_profile.age', { count: minor.edad })}
                        {minor.date_of_birth && (
                          <>
                            <br />
                            {t('admin.minors.born', { date: day.format(new Date(minor.date_of_birth)) })}
                          </>
                        )}
                      </td>
                      <td>
                        {[minor.ciudad, country ? countryName(country, language) : minor.country]
                          .filter(Boolean)
                          .join(', ') || '—'}
                      </td>
                      <td>{dateTime.format(new Date(minor.registered_at))}</td>
                      <td>
                        <div className="button-row">
                          <Button
                            variant="primary"
                            size="small"
                            disabled={busy}
                            onClick={() => approve.mutate(minor.id)}
                          >
                            {t('admin.minors.approve')}
                            <span className="visually-hidden"> {nameOf(minor)}</span>
                          </Button>
                          <Button size="small" disabled={busy} onClick={() => setConfirmingAdult(minor)}>
                            {t('admin.minors.adult')}
                            <span className="visually-hidden"> {nameOf(minor)}</span>
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
              {minors.hasNextPage && (
                <Button disabled={minors.isFetchingNextPage} onClick={() => void minors.fetchNextPage()}>
                  {t('admin.minors.more')}
                </Button>
              )}
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={confirmingAdult !== undefined}
        title={t('admin.minors.adult_title', { name: confirmingAdult ? nameOf(confirmingAdult) : '' })}
        body={t('admin.minors.adult_body')}
        confirmLabel={t('admin.minors.adult_confirm')}
        cancelLabel={t('admin.cancel')}
        busy={markAdult.isPending}
        onConfirm={() => {
          if (confirmingAdult) markAdult.mutate(confirmingAdult.id);
        }}
        onCancel={() => setConfirmingAdult(undefined)}
      />
    </section>
  );
}

type FormErrors = { id?: string; group?: string };

/** Any account's age group by its member number, for corrections the queue does not cover. */
function AgeGroupForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onError = useActionErrorToast();
  const groupErrorId = useId();
  const idField = useRef<HTMLInputElement>(null);
  const firstRadio = useRef<HTMLInputElement>(null);
  const [memberId, setMemberId] = useState('');
  const [group, setGroup] = useState<AgeGroup>();
  const [errors, setErrors] = useState<FormErrors>({});
  const [saved, setSaved] = useState<string>();

  const showErrors = (found: FormErrors) => {
    setErrors(found);
    if (found.id) idField.current?.focus();
    else if (found.group) firstRadio.current?.focus();
  };
  const save = useMutation({
    mutationFn: (change: { id: number; group: AgeGroup }) => setAgeGroup(change.id, change.group),
    onSuccess: async (_answer, change) => {
      setSaved(t(`admin.minors.group_form.saved_${change.group}`, { id: change.id }));
      setMemberId('');
      setGroup(undefined);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => {
      if (!(error instanceof ApiRequestError)) return onError(error);
      // The server names the field it refuses; an unknown number is the number's fault.
      const fields = error.body?.fields ?? {};
      const found: FormErrors = {};
      if (fields.id) found.id = fields.id;
      if (fields.age_group) found.group = fields.age_group;
      if (error.status === 404) found.id = t('admin.minors.group_form.unknown_member');
      if (found.id || found.group) showErrors(found);
      else onError(error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(undefined);
    const found: FormErrors = {};
    const id = Number(memberId.trim());
    if (!/^\d+$/.test(memberId.trim()) || !Number.isSafeInteger(id) || id < 1)
      found.id = t('admin.minors.group_form.member_id_error');
    if (!group) found.group = t('admin.minors.group_form.group_error');
    if (found.id || !group) return showErrors(found);
    setErrors({});
    save.mutate({ id, group });
  };

  return (
    <section aria-labelledby="admin-age-group-title" className="admin-minors__group">
      <h2 id="admin-age-group-title">{t('admin.minors.group_form.title')}</h2>
      <p>{t('admin.minors.group_form.intro')}</p>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          ref={idField}
          label={t('admin.minors.group_form.member_id')}
          hint={t('admin.minors.group_form.member_id_hint')}
          error={errors.id}
          inputMode="numeric"
          autoComplete="off"
          value={memberId}
          onChange={(event) => setMemberId(event.target.value)}
        />
        <fieldset
          className="form__fieldset radio-group"
          aria-describedby={errors.group ? groupErrorId : undefined}
        >
          <legend>{t('admin.minors.group_form.group')}</legend>
          {(['minor', 'adult'] as const).map((value, index) => (
            <label key={value} className="checkbox-field">
              <input
                ref={index === 0 ? firstRadio : undefined}
                type="radio"
                name="age_group"
                value={value}
                className="checkbox-field__control"
                checked={group === value}
                aria-invalid={errors.group ? true : undefined}
                onChange={() => setGroup(value)}
              />
              <span className="checkbox-field__label">{t(`admin.minors.groups.${value}`)}</span>
            </label>
          ))}
          {errors.group && (
            <p id={groupErrorId} className="field__error">
              {errors.group}
            </p>
          )}
        </fieldset>
        <div className="button-row">
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {t('admin.minors.group_form.save')}
          </Button>
        </div>
        <div role="status">{saved && <p className="message message--success">{saved}</p>}</div>
      </form>
    </section>
  );
}
