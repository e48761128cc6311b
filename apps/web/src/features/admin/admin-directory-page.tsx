import { EditDeleteButtons } from './edit-delete-buttons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, countryName, isCountryCode, type Language } from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PlaceFields } from '../../components/place-fields';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { AdminScreen } from './admin-screen';
import { AdminOnly } from './admin-only';
import { DataTable } from '../../components/data-table';
import {
  deleteDirectoryEntry,
  adminDirectoryQuery,
  adminKeys,
  saveDirectoryEntry,
  type DirectoryKind,
  type DirectoryRow,
  type DirectoryValues,
} from './admin-api';
import { Button } from '../../components/ui/button';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';

const KINDS: DirectoryKind[] = ['asociaciones', 'proyectos', 'centros'];
const KIND_TEXT: Record<DirectoryKind, string> = {
  asociaciones: 'associations',
  proyectos: 'projects',
  centros: 'centres',
};
const EMPTY: DirectoryValues = { name: '', pais: '', ciudad: '', enlace: 'https://', descripcion: {} };

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
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<DirectoryKind>('asociaciones');
  const [editing, setEditing] = useState<{ id?: number; values: DirectoryValues }>();
  const [deleting, setDeleting] = useState<DirectoryRow>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const list = useQuery(adminDirectoryQuery(kind));
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.directory });

  const save = useMutation({
    mutationFn: () => saveDirectoryEntry(kind, editing?.values ?? EMPTY, editing?.id),
    onSuccess: async () => {
      toast.success(t('admin.directory.saved'));
      setEditing(undefined);
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) setErrors(error.body.fields);
      else toast.error(t('admin.action_error'));
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteDirectoryEntry(kind, id),
    onSuccess: async () => {
      toast.success(t('admin.directory.deleted'));
      setDeleting(undefined);
      await refresh();
    },
    onError: () => toast.error(t('admin.action_error')),
  });
  const change = (values: Partial<DirectoryValues>) => {
    setEditing((current) => current && { ...current, values: { ...current.values, ...values } });
    setErrors({});
  };

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
        <Button variant="primary" onClick={() => setEditing({ values: EMPTY })}>
          {t('admin.directory.add')}
        </Button>
      </p>
      <QueryState query={list} errorText={t('admin.load_error')}>
        {(loaded) => (
          <DataTable
            caption={t(`resources.${KIND_TEXT[kind]}.title`)}
            columns={[
              t('admin.directory.name'),
              t('place.country'),
              t('place.city'),
              t('admin.withdrawals.actions'),
            ]}
          >
            {loaded.map((row) => (
              <tr key={row.id}>
                <td>{row.name}</td>
                <td>{isCountryCode(row.pais) ? countryName(row.pais, language) : row.pais}</td>
                <td>{row.ciudad}</td>
                <td>
                  <EditDeleteButtons
                    itemName={row.name}
                    editLabel={t('admin.directory.edit')}
                    deleteLabel={t('admin.directory.delete')}
                    onEdit={() => setEditing({ id: row.id, values: row })}
                    onDelete={() => setDeleting(row)}
                  />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      <Dialog
        open={editing !== undefined}
        title={editing?.id ? t('admin.directory.edit_title') : t('admin.directory.add')}
        onClose={() => setEditing(undefined)}
      >
        {editing && (
          <form
            className="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate();
            }}
          >
            <TextField
              label={t('admin.directory.name')}
              value={editing.values.name}
              error={errors.name}
              onChange={(event) => change({ name: event.target.value })}
            />
            <PlaceFields
              country={editing.values.pais}
              ciudad={editing.values.ciudad}
              onChange={({ country, ciudad }) => change({ pais: country, ciudad })}
            />
            {(errors.pais || errors.ciudad) && (
              <p role="alert" className="field__error">
                {errors.pais ?? errors.ciudad}
              </p>
            )}
            <TextField
              label={t('admin.directory.link')}
              type="url"
              value={editing.values.enlace}
              error={errors.enlace}
              onChange={(event) => change({ enlace: event.target.value })}
            />
            {SUPPORTED_LANGUAGES.map((language) => (
              <TextField
                key={language}
                label={t('admin.directory.description', { language: language.toUpperCase() })}
                value={editing.values.descripcion[language] ?? ''}
                onChange={(event) =>
                  change({ descripcion: { ...editing.values.descripcion, [language]: event.target.value } })
                }
              />
            ))}
            <div className="dialog__actions">
              <Button onClick={() => setEditing(undefined)}>{t('admin.cancel')}</Button>
              <Button type="submit" variant="primary" disabled={save.isPending}>
                {t('admin.directory.save')}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('admin.directory.delete_title', { name: deleting?.name ?? '' })}
        body={t('admin.directory.delete_text')}
        confirmLabel={t('admin.directory.delete')}
        cancelLabel={t('admin.cancel')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(undefined)}
      />
    </AdminScreen>
  );
}
