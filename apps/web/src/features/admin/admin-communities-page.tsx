import { EditDeleteButtons } from './edit-delete-buttons';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  FUNCTIONAL_FIELDS,
  NO_DIAGNOSIS_SUGGESTION,
  SUPPORTED_LANGUAGES,
  communityRoutes,
  type AdminCommunity,
  type Language,
} from '@juntos/domain';
import { DataTable } from '../../components/data-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CheckboxField, TextAreaField, TextField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { ApiRequestError, apiCall } from '../../lib/api-client';
import { AdminOnly } from './admin-only';
import { AdminScreen, useActionErrorToast } from './admin-screen';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';
import './admin.css';

type TopicValues = {
  slug: string;
  name: Partial<Record<Language, string>>;
  description: Partial<Record<Language, string>>;
  suggested_for: string[];
};

const EMPTY: TopicValues = { slug: '', name: {}, description: {}, suggested_for: [] };
/** The suggestion criteria offered as choices; detailed characteristics an entry already names stay. */
const SUGGESTION_CHOICES = [...FUNCTIONAL_FIELDS, NO_DIAGNOSIS_SUGGESTION] as const;

const adminCommunitiesKey = ['admin', 'communities'] as const;
const adminCommunitiesQuery = () =>
  queryOptions({
    queryKey: adminCommunitiesKey,
    queryFn: () => apiCall(communityRoutes.adminList, { query: { limit: 200 } }),
  });
const saveTopic = (values: TopicValues, id: number | undefined) =>
  id
    ? apiCall(communityRoutes.adminUpdate, { params: { id }, body: values })
    : apiCall(communityRoutes.adminCreate, { body: values });
const deleteTopic = (id: number) => apiCall(communityRoutes.adminDelete, { params: { id } });
const setModerator = (id: number, userId: number, moderator: boolean) =>
  apiCall(moderator ? communityRoutes.appointModerator : communityRoutes.removeModerator, {
    params: { id, userId },
  });

/** A community's name in the administrator's language, else in Spanish, else its ORPHA code. */
function nameOf(community: AdminCommunity, language: Language) {
  return (
    community.name[language] ??
    community.name.es ??
    Object.values(community.name)[0] ??
    `ORPHA ${community.orphacode ?? ''}`
  );
}

/** /admin/comunidades: topic communities (texts in ten languages, suggestion criteria) and moderators. */
export default function AdminCommunitiesPage() {
  return (
    <AdminOnly>
      <CommunitiesEditor />
    </AdminOnly>
  );
}

function TopicForm({
  values,
  errors,
  busy,
  onChange,
  onSubmit,
  onCancel,
}: {
  values: TopicValues;
  errors: Record<string, string>;
  busy: boolean;
  onChange: (values: Partial<TopicValues>) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['translation', 'perfil_funcional']);
  const toggle = (id: string, on: boolean) =>
    onChange({
      suggested_for: on
        ? [...values.suggested_for, id]
        : values.suggested_for.filter((other) => other !== id),
    });
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        label={t('communities.admin.slug')}
        hint={t('communities.admin.slug_hint')}
        value={values.slug}
        error={errors.slug}
        onChange={(event) => onChange({ slug: event.target.value })}
      />
      {SUPPORTED_LANGUAGES.map((language) => (
        <fieldset key={language} className="community-admin__language">
          <legend>{t(`language.names.${language}`)}</legend>
          <TextField
            label={t('communities.admin.name', { language: language.toUpperCase() })}
            value={values.name[language] ?? ''}
            error={errors[`name.${language}`]}
            onChange={(event) => onChange({ name: { ...values.name, [language]: event.target.value } })}
          />
          <TextAreaField
            label={t('communities.admin.description', { language: language.toUpperCase() })}
            value={values.description[language] ?? ''}
            error={errors[`description.${language}`]}
            rows={3}
            onChange={(event) =>
              onChange({ description: { ...values.description, [language]: event.target.value } })
            }
          />
        </fieldset>
      ))}
      <fieldset>
        <legend>{t('communities.admin.suggested_for')}</legend>
        <p className="field__hint">{t('communities.admin.suggested_for_hint')}</p>
        {SUGGESTION_CHOICES.map((id) => (
          <CheckboxField
            key={id}
            label={
              id === NO_DIAGNOSIS_SUGGESTION
                ? t('communities.admin.no_diagnosis')
                : t(`perfil_funcional:fields.${id}`)
            }
            checked={values.suggested_for.includes(id)}
            onChange={(event) => toggle(id, event.target.checked)}
          />
        ))}
        {errors.suggested_for && (
          <p role="alert" className="field__error">
            {errors.suggested_for}
          </p>
        )}
      </fieldset>
      <div className="dialog__actions">
        <Button onClick={onCancel}>{t('admin.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {t('communities.admin.save')}
        </Button>
      </div>
    </form>
  );
}

/** Appoint a member (by the number in their profile's address) or end a moderation. */
function Moderators({ community, name }: { community: AdminCommunity; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const actionError = useActionErrorToast();
  const [memberId, setMemberId] = useState('');
  const change = useMutation({
    mutationFn: ({ userId, moderator }: { userId: number; moderator: boolean }) =>
      setModerator(community.id, userId, moderator),
    onSuccess: async (answer) => {
      toast.success(t(answer.moderator ? 'communities.admin.appointed' : 'communities.admin.removed'));
      setMemberId('');
      await queryClient.invalidateQueries({ queryKey: adminCommunitiesKey });
    },
    onError: actionError,
  });
  const userId = /^[1-9]\d{0,15}$/.test(memberId.trim()) ? Number(memberId.trim()) : undefined;
  return (
    <div className="community-admin__moderators">
      {community.moderators.length > 0 && (
        <ul className="plain-list">
          {community.moderators.map((moderator) => (
            <li key={moderator.id}>
              {moderator.nombre || t('post.unknown_author')} (#{moderator.id}){' '}
              <Button
                size="small"
                variant="danger"
                disabled={change.isPending}
                onClick={() => change.mutate({ userId: moderator.id, moderator: false })}
              >
                {t('communities.admin.remove_moderator')}
                <span className="visually-hidden">
                  {' '}
                  {t('communities.admin.moderator_of', { member: moderator.nombre, name })}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="community-admin__appoint"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (userId) change.mutate({ userId, moderator: true });
        }}
      >
        <TextField
          label={t('communities.admin.member_number', { name })}
          hint={t('communities.admin.member_number_hint')}
          inputMode="numeric"
          value={memberId}
          onChange={(event) => setMemberId(event.target.value)}
        />
        <Button type="submit" size="small" disabled={!userId || change.isPending}>
          {t('communities.admin.appoint')}
        </Button>
      </form>
    </div>
  );
}

function CommunitiesEditor() {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const queryClient = useQueryClient();
  const actionError = useActionErrorToast();
  const list = useQuery(adminCommunitiesQuery());
  const [editing, setEditing] = useState<{ id?: number; values: TopicValues }>();
  const [deleting, setDeleting] = useState<AdminCommunity>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminCommunitiesKey });

  const save = useMutation({
    mutationFn: () => saveTopic(editing?.values ?? EMPTY, editing?.id),
    onSuccess: async () => {
      toast.success(t('communities.admin.saved'));
      setEditing(undefined);
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) setErrors(error.body.fields);
      else actionError(error);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteTopic(id),
    onSuccess: async () => {
      toast.success(t('communities.admin.deleted'));
      setDeleting(undefined);
      await refresh();
    },
    onError: actionError,
  });
  const change = (values: Partial<TopicValues>) => {
    setEditing((current) => current && { ...current, values: { ...current.values, ...values } });
    setErrors({});
  };
  const edit = (community: AdminCommunity) =>
    setEditing({
      id: community.id,
      values: {
        slug: community.slug ?? '',
        name: community.name,
        description: community.description,
        suggested_for: community.suggested_for,
      },
    });

  return (
    <AdminScreen title={t('communities.admin.title')}>
      <p>{t('communities.admin.intro')}</p>
      <p>
        <Button variant="primary" onClick={() => setEditing({ values: EMPTY })}>
          {t('communities.admin.add')}
        </Button>
      </p>
      <QueryState query={list} errorText={t('admin.load_error')}>
        {(loaded) => (
          <DataTable
            caption={t('communities.admin.table')}
            columns={[
              t('communities.admin.column_name'),
              t('communities.admin.column_kind'),
              t('communities.admin.column_members'),
              t('communities.admin.column_moderators'),
              t('admin.withdrawals.actions'),
            ]}
          >
            {loaded.results.map((community) => {
              const name = nameOf(community, language);
              return (
                <tr key={community.id}>
                  <td>{name}</td>
                  <td>{t(`communities.kind.${community.kind}`)}</td>
                  <td>{community.member_count}</td>
                  <td>
                    <Moderators community={community} name={name} />
                  </td>
                  <td>
                    {community.kind === 'topic' && (
                      <EditDeleteButtons
                        itemName={name}
                        editLabel={t('communities.admin.edit')}
                        deleteLabel={t('communities.admin.delete')}
                        onEdit={() => edit(community)}
                        onDelete={() => setDeleting(community)}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </QueryState>
      <Dialog
        open={editing !== undefined}
        title={editing?.id ? t('communities.admin.edit_title') : t('communities.admin.add')}
        onClose={() => setEditing(undefined)}
      >
        {editing && (
          <TopicForm
            values={editing.values}
            errors={errors}
            busy={save.isPending}
            onChange={change}
            onSubmit={() => save.mutate()}
            onCancel={() => setEditing(undefined)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('communities.admin.delete_title', { name: deleting ? nameOf(deleting, language) : '' })}
        body={t('communities.admin.delete_text')}
        confirmLabel={t('communities.admin.delete')}
        cancelLabel={t('admin.cancel')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(undefined)}
      />
    </AdminScreen>
  );
}
