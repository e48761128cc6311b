import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { AGE_GROUPS, AgeGroupFormSchema, countryName, isCountryCode, type Language } from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { RadioField, TextField } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { errorText, formFieldErrors, useSchemaForm } from '../../lib/forms';
import { AdminTable } from './admin-kit/admin-table';
import { RowButton } from './admin-kit/row-actions';
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
import { dateTimeFormat } from '../../lib/intl-formats';

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
      <AgeGroupFormSection />
    </AdminScreen>
  );
}

/** The server's field names → the form's. */
const SERVER_FIELDS = { id: 'member_id', age_group: 'age_group' } as const;
type GroupField = (typeof SERVER_FIELDS)[keyof typeof SERVER_FIELDS];

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
  const dateTime = dateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  // Birth dates are calendar days: formatted in UTC so no time zone moves them a day.
  const day = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeZone: 'UTC' });

  const shown = minors.data?.pages.flatMap((page) => page.results) ?? [];
  const nameOf = (minor: PendingMinor) => fullName(minor) || minor.email;

  return (
    <section aria-labelledby="admin-minors-queue" className="admin-minors__queue">
      <h2 id="admin-minors-queue" ref={heading} tabIndex={-1}>
        {t('admin.minors.queue_title')}
      </h2>
      <QueryState query={minors} errorText={t('admin.load_error')}>
        {() => (
          <AdminTable
            ref={table}
            caption={t('admin.minors.caption')}
            empty={t('admin.minors.empty')}
            rows={shown}
            more={{ list: minors, label: t('admin.minors.more') }}
            columns={[
              { header: t('admin.minors.columns.account'), cell: (minor) => <AccountCell minor={minor} /> },
              {
                header: t('admin.minors.columns.guardian'),
                cell: (minor) => (
                  <>
                    {minor.guardian.nombre ?? '—'}
                    {minor.guardian.relacion && (
                      <>
                        <br />
                        {t(`signup_minor.relations.${minor.guardian.relacion}`, {
                          defaultValue: minor.guardian.relacion,
                        })}
                      </>
                    )}
                  </>
                ),
              },
              {
                header: t('admin.minors.columns.age'),
                cell: (minor) => (
                  <>
                    {minor.edad === null ? '—' : t('public_profile.age', { count: minor.edad })}
                    {minor.date_of_birth && (
                      <>
                        <br />
                        {t('admin.minors.born', { date: day.format(new Date(minor.date_of_birth)) })}
                      </>
                    )}
                  </>
                ),
              },
              {
                header: t('admin.minors.columns.place'),
                cell: (minor) => {
                  const country = minor.country && isCountryCode(minor.country) ? minor.country : undefined;
                  return (
                    [minor.ciudad, country ? countryName(country, language) : minor.country]
                      .filter(Boolean)
                      .join(', ') || '—'
                  );
                },
              },
              {
                header: t('admin.minors.columns.registered'),
                cell: (minor) => dateTime.format(new Date(minor.registered_at)),
              },
              {
                header: t('admin.minors.columns.actions'),
                cell: (minor) => (
                  <div className="button-row">
                    <RowButton
                      itemName={nameOf(minor)}
                      variant="primary"
                      disabled={busy}
                      onClick={() => approve.mutate(minor.id)}
                    >
                      {t('admin.minors.approve')}
                    </RowButton>
                    <RowButton
                      itemName={nameOf(minor)}
                      disabled={busy}
                      onClick={() => setConfirmingAdult(minor)}
                    >
                      {t('admin.minors.adult')}
                    </RowButton>
                  </div>
                ),
              },
            ]}
          />
        )}
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

/** The account's e-mail, phone and member number, under its name. */
function AccountCell({ minor }: { minor: PendingMinor }) {
  const { t } = useTranslation();
  return (
    <>
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
      <span className="admin-minors__muted">{t('admin.minors.member_id', { id: minor.id })}</span>
    </>
  );
}

/** No number typed, no group chosen. */
const EMPTY_GROUP_FORM = { member_id: '' };

/** Any account's age group by its member number, for corrections the queue does not cover. */
function AgeGroupFormSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onError = useActionErrorToast();
  const groupErrorId = useId();
  const [saved, setSaved] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useSchemaForm(AgeGroupFormSchema, { defaultValues: EMPTY_GROUP_FORM });

  const save = useMutation({
    mutationFn: (change: { id: number; group: AgeGroup }) => setAgeGroup(change.id, change.group),
    onSuccess: async (_answer, change) => {
      setSaved(t(`admin.minors.group_form.saved_${change.group}`, { id: change.id }));
      reset(EMPTY_GROUP_FORM);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => {
      // The server names the field it refuses; an unknown number is the number's fault.
      const fields = formFieldErrors(error, SERVER_FIELDS);
      if (error instanceof ApiRequestError && error.status === 404)
        fields.member_id = t('admin.minors.group_form.unknown_member');
      const found = Object.entries(fields) as [GroupField, string][];
      if (found.length === 0) return onError(error);
      found.forEach(([field, message], index) =>
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
    },
  });
  const submit = handleSubmit(
    (values) => save.mutate({ id: values.member_id, group: values.age_group }),
    () => setSaved(undefined),
  );
  const groupError = errorText(t, errors.age_group);

  return (
    <section aria-labelledby="admin-age-group-title" className="admin-minors__group">
      <h2 id="admin-age-group-title">{t('admin.minors.group_form.title')}</h2>
      <p>{t('admin.minors.group_form.intro')}</p>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          setSaved(undefined);
          void submit(event);
        }}
      >
        <TextField
          label={t('admin.minors.group_form.member_id')}
          hint={t('admin.minors.group_form.member_id_hint')}
          error={errorText(t, errors.member_id)}
          inputMode="numeric"
          autoComplete="off"
          {...register('member_id')}
        />
        <fieldset
          className="form__fieldset radio-group"
          aria-describedby={groupError ? groupErrorId : undefined}
        >
          <legend>{t('admin.minors.group_form.group')}</legend>
          {AGE_GROUPS.map((value) => (
            <RadioField
              key={value}
              label={t(`admin.minors.groups.${value}`)}
              value={value}
              aria-invalid={groupError ? true : undefined}
              {...register('age_group')}
            />
          ))}
          {groupError && (
            <p id={groupErrorId} className="field__error">
              {groupError}
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
