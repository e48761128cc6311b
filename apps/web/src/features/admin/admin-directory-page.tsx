import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DirectoryEntryInputSchema,
  SUPPORTED_LANGUAGES,
  countryName,
  isCountryCode,
  type DirectoryEntryInput,
  type Language,
} from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { PlaceFields } from '../../components/place-fields';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { Button } from '../../components/ui/button';
import { errorText, useSchemaForm } from '../../lib/forms';
import { AdminScreen } from './admin-screen';
import { AdminOnly } from './admin-only';
import { AdminTable } from './admin-kit/admin-table';
import { DeleteConfirm, EditDialog, FormActions, type EditFormProps } from './admin-kit/admin-dialogs';
import { EditDeleteButtons } from './admin-kit/row-actions';
import { useAdminEditor } from './admin-kit/use-admin-editor';
import {
  deleteDirectoryEntry,
  adminDirectoryQuery,
  adminKeys,
  saveDirectoryEntry,
  type DirectoryKind,
  type DirectoryRow,
  type DirectoryValues,
} from './admin-api';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';

const KINDS: DirectoryKind[] = ['asociaciones', 'proyectos', 'centros'];
const KIND_TEXT: Record<DirectoryKind, string> = {
  asociaciones: 'associations',
  proyectos: 'projects',
  centros: 'centres',
};
const EMPTY: DirectoryEntryInput = {
  name: '',
  pais: '',
  ciudad: '',
  enlace: 'https://',
  descripcion: {},
  orphacodes: '',
  paises: '',
  estudio_clinico: false,
  recluta: false,
  recluta_hasta: '',
};
/** The server's field names are the form's. */
const SERVER_FIELDS = {
  name: 'name',
  pais: 'pais',
  ciudad: 'ciudad',
  enlace: 'enlace',
  orphacodes: 'orphacodes',
  paises: 'paises',
  recluta_hasta: 'recluta_hasta',
} as const;

/** A stored entry as the form edits it: its lists as text ("558, 636"), the date as the field's. */
const formValues = (row: DirectoryRow): DirectoryEntryInput => ({
  ...row,
  orphacodes: row.orphacodes.join(', '),
  paises: row.paises.join(', '),
  recluta_hasta: row.recluta_hasta ?? '',
});

/** /admin/recursos: add, change and remove entries of the three directory lists. */
export default function AdminDirectoryPage() {
  return (
    <AdminOnly>
      <DirectoryEditor />
    </AdminOnly>
  );
}

function DirectoryEditor() {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const [kind, setKind] = useState<DirectoryKind>('asociaciones');
  const list = useQuery(adminDirectoryQuery(kind));
  const editor = useAdminEditor<DirectoryRow, DirectoryEntryInput, DirectoryValues>({
    queryKey: adminKeys.directory,
    save: (values, id) => saveDirectoryEntry(kind, values, id),
    remove: (id) => deleteDirectoryEntry(kind, id),
    savedText: t('admin.directory.saved'),
    deletedText: t('admin.directory.deleted'),
    serverFields: SERVER_FIELDS,
  });

  return (
    <AdminScreen title={t('admin.directory.title')}>
      <div className="filters">
        <SelectField
          label={t('admin.directory.list')}
          value={kind}
          onChange={(event) => setKind(event.target.value as DirectoryKind)}
        >
          {KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`resources.${KIND_TEXT[value]}.title`)}
            </option>
          ))}
        </SelectField>
      </div>
      <p>
        <Button variant="primary" onClick={() => editor.add(EMPTY)}>
          {t('admin.directory.add')}
        </Button>
      </p>
      <QueryState query={list} errorText={t('admin.load_error')}>
        {(loaded) => (
          <AdminTable
            caption={t(`resources.${KIND_TEXT[kind]}.title`)}
            rows={loaded}
            columns={[
              { header: t('admin.directory.name'), cell: (row) => row.name },
              {
                header: t('place.country'),
                cell: (row) => (isCountryCode(row.pais) ? countryName(row.pais, language) : row.pais),
              },
              { header: t('place.city'), cell: (row) => row.ciudad },
              {
                header: t('admin.directory.codes_column'),
                cell: (row) => row.orphacodes.map((code) => `ORPHA:${code}`).join(', '),
              },
              {
                header: t('admin.withdrawals.actions'),
                cell: (row) => (
                  <EditDeleteButtons
                    itemName={row.name}
                    editLabel={t('admin.directory.edit')}
                    deleteLabel={t('admin.directory.delete')}
                    onEdit={() => editor.edit(row.id, formValues(row))}
                    onDelete={() => editor.askDelete(row)}
                  />
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <EditDialog
        editor={editor}
        addTitle={t('admin.directory.add')}
        editTitle={t('admin.directory.edit_title')}
      >
        {(form) => <EntryForm kind={kind} {...form} />}
      </EditDialog>
      <DeleteConfirm
        editor={editor}
        title={(row) => t('admin.directory.delete_title', { name: row.name })}
        body={t('admin.directory.delete_text')}
        confirmLabel={t('admin.directory.delete')}
      />
    </AdminScreen>
  );
}

/** One entry: name, place, https address and a description per language (all optional but one). */
function EntryForm({
  kind,
  initial,
  failure,
  busy,
  onSave,
  onCancel,
}: EditFormProps<DirectoryEntryInput, DirectoryValues> & { kind: DirectoryKind }) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(DirectoryEntryInputSchema, {
    defaultValues: initial,
    failure,
    serverFields: SERVER_FIELDS,
  });
  const pais = useController({ control, name: 'pais' }).field;
  const ciudad = useController({ control, name: 'ciudad' }).field;
  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <TextField label={t('admin.directory.name')} {...register('name')} error={errorText(t, errors.name)} />
      <PlaceFields
        country={pais.value}
        ciudad={ciudad.value}
        refs={{ country: pais.ref, ciudad: ciudad.ref }}
        errors={{ country: errorText(t, errors.pais), ciudad: errorText(t, errors.ciudad) }}
        onChange={(place) => {
          pais.onChange(place.country);
          ciudad.onChange(place.ciudad);
        }}
      />
      <TextField
        label={t('admin.directory.link')}
        type="url"
        {...register('enlace')}
        error={errorText(t, errors.enlace)}
      />
      <TextField
        label={t('admin.directory.orphacodes')}
        hint={t('admin.directory.orphacodes_hint')}
        {...register('orphacodes')}
        error={errorText(t, errors.orphacodes as FieldError | undefined)}
      />
      <TextField
        label={t('admin.directory.countries')}
        hint={t('admin.directory.countries_hint')}
        {...register('paises')}
        error={errorText(t, errors.paises as FieldError | undefined)}
      />
      {kind === 'proyectos' && (
        <fieldset className="form__fieldset">
          <legend>{t('admin.directory.study_legend')}</legend>
          <CheckboxField label={t('admin.directory.clinical_study')} {...register('estudio_clinico')} />
          <CheckboxField label={t('admin.directory.recruiting')} {...register('recluta')} />
          <TextField
            label={t('admin.directory.recruiting_until')}
            type="date"
            {...register('recluta_hasta')}
            error={errorText(t, errors.recluta_hasta)}
          />
        </fieldset>
      )}
      {SUPPORTED_LANGUAGES.map((language) => (
        <TextField
          key={language}
          label={t('admin.directory.description', { language: language.toUpperCase() })}
          {...register(`descripcion.${language}`)}
          error={errorText(t, errors.descripcion?.[language])}
        />
      ))}
      <FormActions submitLabel={t('admin.directory.save')} busy={busy} onCancel={onCancel} />
    </form>
  );
}
