import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { AdminEditor } from './use-admin-editor';

/** What EditDialog gives the item's form: the values it starts from, the save's refusal, its buttons' calls. */
export type EditFormProps<Values, Payload> = {
  initial: Values;
  failure: unknown;
  busy: boolean;
  onSave: (values: Payload) => void;
  onCancel: () => void;
};

/**
 * The dialog that adds or edits an item: `children` draws the item's form (a useSchemaForm form
 * ending with FormActions) from the props it is given. The form is built anew each time the
 * dialog opens, so it starts from the item's values.
 */
export function EditDialog<Row extends { id: number }, Values, Payload>({
  editor,
  addTitle,
  editTitle,
  children,
}: {
  editor: AdminEditor<Row, Values, Payload>;
  addTitle: string;
  editTitle: string;
  children: (form: EditFormProps<Values, Payload>) => ReactNode;
}) {
  return (
    <Dialog
      open={editor.editing !== undefined}
      title={editor.editing?.id ? editTitle : addTitle}
      onClose={editor.close}
    >
      {editor.editing &&
        children({
          initial: editor.editing.values,
          failure: editor.failure,
          busy: editor.saving,
          onSave: editor.save,
          onCancel: editor.close,
        })}
    </Dialog>
  );
}

/** The end of a dialog's form: Cancel, then the submit button (disabled while it saves). */
export function FormActions({
  submitLabel,
  busy,
  onCancel,
}: {
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="dialog__actions">
      <Button onClick={onCancel}>{t('admin.cancel')}</Button>
      <Button type="submit" variant="primary" disabled={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** "Remove …?" before the item waiting in `editor.deleting` goes for good. */
export function DeleteConfirm<Row extends { id: number }, Values, Payload>({
  editor,
  title,
  body,
  confirmLabel,
}: {
  editor: AdminEditor<Row, Values, Payload>;
  /** The dialog's title, naming the item. */
  title: (row: Row) => string;
  body: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={editor.deleting !== undefined}
      title={editor.deleting ? title(editor.deleting) : ''}
      body={body}
      confirmLabel={confirmLabel}
      cancelLabel={t('admin.cancel')}
      busy={editor.removing}
      onConfirm={editor.confirmDelete}
      onCancel={editor.cancelDelete}
    />
  );
}
