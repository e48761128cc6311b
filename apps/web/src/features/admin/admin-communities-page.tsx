import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useController, type FieldError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  CommunityHostFormSchema,
  FUNCTIONAL_FIELDS,
  MemberNumberFormSchema,
  NO_DIAGNOSIS_SUGGESTION,
  SUPPORTED_LANGUAGES,
  TopicCommunityInputSchema,
  adminRoutes,
  communityRoutes,
  hostRoutes,
  type AdminCommunity,
  type Language,
  type TopicCommunityInput,
} from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { apiCall } from '../../lib/api-client';
import { errorText, useSchemaForm } from '../../lib/forms';
import { AdminOnly } from './admin-only';
import { AdminScreen, useActionErrorToast } from './admin-screen';
import { AdminTable } from './admin-kit/admin-table';
import { DeleteConfirm, EditDialog, FormActions, type EditFormProps } from './admin-kit/admin-dialogs';
import { EditDeleteButtons, RowButton } from './admin-kit/row-actions';
import { useAdminEditor } from './admin-kit/use-admin-editor';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';
import './admin.css';

/** The topic form's values as the fields hold them (names and descriptions per language). */
type TopicValues = {
  slug: string;
  name: Partial<Record<Language, string>>;
  description: Partial<Record<Language, string>>;
  suggested_for: string[];
};

const EMPTY: TopicValues = { slug: '', name: {}, description: {}, suggested_for: [] };
/** The suggestion criteria offered as choices; detailed characteristics an entry already names stay. */
const SUGGESTION_CHOICES = [...FUNCTIONAL_FIELDS, NO_DIAGNOSIS_SUGGESTION] as const;
/** The server names a text by its language (`name.es`), as the form's fields are named. */
const SERVER_FIELDS = Object.fromEntries([
  ['slug', 'slug'],
  ['suggested_for', 'suggested_for'],
  ...SUPPORTED_LANGUAGES.flatMap((language) => [
    [`name.${language}`, `name.${language}`],
    [`description.${language}`, `description.${language}`],
  ]),
]) as Readonly<Record<string, 'slug' | 'suggested_for' | `name.${Language}` | `description.${Language}`>>;

const adminCommunitiesKey = ['admin', 'communities'] as const;
const adminCommunitiesQuery = () =>
  queryOptions({
    queryKey: adminCommunitiesKey,
    queryFn: () => apiCall(communityRoutes.adminList, { query: { limit: 200 } }),
  });
const saveTopic = (values: TopicCommunityInput, id: number | undefined) =>
  id
    ? apiCall(communityRoutes.adminUpdate, { params: { id }, body: values })
    : apiCall(communityRoutes.adminCreate, { body: values });
const deleteTopic = (id: number) => apiCall(communityRoutes.adminDelete, { params: { id } });
const setModerator = (id: number, userId: number, moderator: boolean) =>
  apiCall(moderator ? communityRoutes.appointModerator : communityRoutes.removeModerator, {
    params: { id, userId },
  });

const associationsKey = ['admin', 'communities', 'associations'] as const;
const associationsQuery = () =>
  queryOptions({
    queryKey: associationsKey,
    queryFn: () => apiCall(adminRoutes.directory, { params: { kind: 'asociaciones' } }),
  });
const saveHost = (id: number, associationId: number | null) =>
  associationId === null
    ? apiCall(hostRoutes.removeHost, { params: { id } })
    : apiCall(hostRoutes.setHost, { params: { id }, body: { association_id: associationId } });

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

/** A topic community: its address name, texts in ten languages (Spanish required), suggestion criteria. */
function TopicForm({
  initial,
  failure,
  busy,
  onSave,
  onCancel,
}: EditFormProps<TopicValues, TopicCommunityInput>) {
  const { t } = useTranslation(['translation', 'perfil_funcional']);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(TopicCommunityInputSchema, {
    defaultValues: initial,
    failure,
    serverFields: SERVER_FIELDS,
  });
  // Held as a list rather than registered boxes: criteria an entry names that are not offered
  // as boxes (detailed characteristics) stay when a box is toggled.
  const suggested = useController({ control, name: 'suggested_for' }).field;
  const chosen = suggested.value ?? [];
  const toggle = (id: string, on: boolean) =>
    suggested.onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  // The list's own message (too many), else the first refused criterion's.
  const suggestionError: FieldError | undefined = errors.suggested_for?.message
    ? (errors.suggested_for as FieldError)
    : (errors.suggested_for as (FieldError | undefined)[] | undefined)?.find(Boolean);
  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <TextField
        label={t('communities.admin.slug')}
        hint={t('communities.admin.slug_hint')}
        {...register('slug')}
        error={errorText(t, errors.slug)}
      />
      {SUPPORTED_LANGUAGES.map((language) => (
        <fieldset key={language} className="community-admin__language">
          <legend>{t(`language.names.${language}`)}</legend>
          <TextField
            label={t('communities.admin.name', { language: language.toUpperCase() })}
            {...register(`name.${language}`)}
            error={errorText(t, errors.name?.[language])}
          />
          <TextAreaField
            label={t('communities.admin.description', { language: language.toUpperCase() })}
            rows={3}
            {...register(`description.${language}`)}
            error={errorText(t, errors.description?.[language])}
          />
        </fieldset>
      ))}
      <fieldset>
        <legend>{t('communities.admin.suggested_for')}</legend>
        <p className="field__hint">{t('communities.admin.suggested_for_hint')}</p>
        {SUGGESTION_CHOICES.map((id, index) => (
          <CheckboxField
            key={id}
            ref={index === 0 ? suggested.ref : undefined}
            label={
              id === NO_DIAGNOSIS_SUGGESTION
                ? t('communities.admin.no_diagnosis')
                : t(`perfil_funcional:fields.${id}`)
            }
            checked={chosen.includes(id)}
            onChange={(event) => toggle(id, event.target.checked)}
          />
        ))}
        {suggestionError && (
          <p role="alert" className="field__error">
            {errorText(t, suggestionError)}
          </p>
        )}
      </fieldset>
      <FormActions submitLabel={t('communities.admin.save')} busy={busy} onCancel={onCancel} />
    </form>
  );
}

/** Appoint a member (by the number in their profile's address) or end a moderation. */
function Moderators({ community, name }: { community: AdminCommunity; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const actionError = useActionErrorToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { isValid },
  } = useSchemaForm(MemberNumberFormSchema, { defaultValues: { member_id: '' }, mode: 'onChange' });
  const change = useMutation({
    mutationFn: ({ userId, moderator }: { userId: number; moderator: boolean }) =>
      setModerator(community.id, userId, moderator),
    onSuccess: async (answer) => {
      toast.success(t(answer.moderator ? 'communities.admin.appointed' : 'communities.admin.removed'));
      reset({ member_id: '' });
      await queryClient.invalidateQueries({ queryKey: adminCommunitiesKey });
    },
    onError: actionError,
  });
  return (
    <div className="community-admin__moderators">
      {community.moderators.length > 0 && (
        <ul className="plain-list">
          {community.moderators.map((moderator) => (
            <li key={moderator.id}>
              {moderator.nombre || t('post.unknown_author')} (#{moderator.id}){' '}
              <RowButton
                variant="danger"
                itemName={t('communities.admin.moderator_of', { member: moderator.nombre, name })}
                disabled={change.isPending}
                onClick={() => change.mutate({ userId: moderator.id, moderator: false })}
              >
                {t('communities.admin.remove_moderator')}
              </RowButton>
            </li>
          ))}
        </ul>
      )}
      {/* The button waits for a valid number; the field has no message of its own. */}
      <form
        className="community-admin__appoint"
        noValidate
        onSubmit={(event) =>
          void handleSubmit(({ member_id }) => change.mutate({ userId: member_id, moderator: true }))(event)
        }
      >
        <TextField
          label={t('communities.admin.member_number', { name })}
          hint={t('communities.admin.member_number_hint')}
          inputMode="numeric"
          {...register('member_id')}
        />
        <Button type="submit" size="small" disabled={!isValid || change.isPending}>
          {t('communities.admin.appoint')}
        </Button>
      </form>
    </div>
  );
}

/**
 * The association that hosts the community (issue 35): its confirmed representatives moderate
 * it, pin announcements and write its rules. "No host" unlinks it (its rules are withdrawn).
 */
function HostPicker({
  community,
  name,
  associations,
}: {
  community: AdminCommunity;
  name: string;
  associations: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const actionError = useActionErrorToast();
  const current = community.host ? String(community.host.id) : '';
  const { register, handleSubmit, watch } = useSchemaForm(CommunityHostFormSchema, {
    defaultValues: { association_id: current },
  });
  const change = useMutation({
    mutationFn: (associationId: number | null) => saveHost(community.id, associationId),
    onSuccess: async (answer) => {
      toast.success(
        answer.host
          ? t('hosts.admin.linked', { association: answer.host.nombre, name })
          : t('hosts.admin.unlinked', { name }),
      );
      await queryClient.invalidateQueries({ queryKey: adminCommunitiesKey });
    },
    onError: actionError,
  });
  const unchanged = watch('association_id') === current;
  return (
    <form
      className="community-admin__host"
      noValidate
      onSubmit={(event) =>
        void handleSubmit(({ association_id }) =>
          change.mutate(association_id ? Number(association_id) : null),
        )(event)
      }
    >
      <SelectField label={t('hosts.admin.host_of', { name })} {...register('association_id')}>
        <option value="">{t('hosts.admin.no_host')}</option>
        {associations.map((association) => (
          <option key={association.id} value={String(association.id)}>
            {association.name}
          </option>
        ))}
      </SelectField>
      <Button type="submit" size="small" disabled={unchanged || change.isPending}>
        {t('hosts.admin.save_host')}
        <span className="visually-hidden"> {name}</span>
      </Button>
    </form>
  );
}

function CommunitiesEditor() {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const list = useQuery(adminCommunitiesQuery());
  const associations = useQuery(associationsQuery()).data ?? [];
  const editor = useAdminEditor<AdminCommunity, TopicValues, TopicCommunityInput>({
    queryKey: adminCommunitiesKey,
    save: saveTopic,
    remove: deleteTopic,
    savedText: t('communities.admin.saved'),
    deletedText: t('communities.admin.deleted'),
    serverFields: SERVER_FIELDS,
  });
  const edit = (community: AdminCommunity) =>
    editor.edit(community.id, {
      slug: community.slug ?? '',
      name: community.name,
      description: community.description,
      suggested_for: community.suggested_for,
    });

  return (
    <AdminScreen title={t('communities.admin.title')}>
      <p>{t('communities.admin.intro')}</p>
      <p>
        <Button variant="primary" onClick={() => editor.add(EMPTY)}>
          {t('communities.admin.add')}
        </Button>
      </p>
      <QueryState query={list} errorText={t('admin.load_error')}>
        {(loaded) => (
          <AdminTable
            caption={t('communities.admin.table')}
            rows={loaded.results}
            columns={[
              {
                header: t('communities.admin.column_name'),
                cell: (community) => nameOf(community, language),
              },
              {
                header: t('communities.admin.column_kind'),
                cell: (community) => t(`communities.kind.${community.kind}`),
              },
              { header: t('communities.admin.column_members'), cell: (community) => community.member_count },
              {
                header: t('hosts.admin.column_host'),
                cell: (community) => (
                  <HostPicker
                    // Built again when the associations arrive: a select shows its value only
                    // once the option exists.
                    key={`${community.host?.id ?? 'none'}-${associations.length}`}
                    community={community}
                    name={nameOf(community, language)}
                    associations={associations}
                  />
                ),
              },
              {
                header: t('communities.admin.column_moderators'),
                cell: (community) => <Moderators community={community} name={nameOf(community, language)} />,
              },
              {
                header: t('admin.withdrawals.actions'),
                cell: (community) =>
                  community.kind === 'topic' && (
                    <EditDeleteButtons
                      itemName={nameOf(community, language)}
                      editLabel={t('communities.admin.edit')}
                      deleteLabel={t('communities.admin.delete')}
                      onEdit={() => edit(community)}
                      onDelete={() => editor.askDelete(community)}
                    />
                  ),
              },
            ]}
          />
        )}
      </QueryState>
      <EditDialog
        editor={editor}
        addTitle={t('communities.admin.add')}
        editTitle={t('communities.admin.edit_title')}
      >
        {(form) => <TopicForm {...form} />}
      </EditDialog>
      <DeleteConfirm
        editor={editor}
        title={(community) => t('communities.admin.delete_title', { name: nameOf(community, language) })}
        body={t('communities.admin.delete_text')}
        confirmLabel={t('communities.admin.delete')}
      />
    </AdminScreen>
  );
}
