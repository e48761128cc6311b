import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GalleryFormSchema, POST_LIMITS, type GalleryImage } from '@juntos/domain';
import { ImagePicker } from '../../components/image-picker';
import { TextField } from '../../components/ui/field';
import { Dialog } from '../../components/ui/dialog';

/**
 * Adding or editing a gallery image (spec §2): title required, description optional (it is also
 * the image's text alternative), the image with a preview; when editing, the image is sent only
 * if a new one was chosen.
 */
export function GalleryFormDialog({
  image,
  busy,
  serverErrors,
  onSave,
  onClose,
}: {
  image: GalleryImage | undefined;
  busy: boolean;
  serverErrors: Record<string, string> | undefined;
  onSave: (fields: Record<string, string>, file: File | undefined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(image?.title ?? '');
  const [description, setDescription] = useState(image?.description ?? '');
  const [file, setFile] = useState<File>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const result = GalleryFormSchema.safeParse({ title, description });
    if (!result.success)
      for (const issue of result.error.issues) found[String(issue.path[0])] ??= t(issue.message);
    if (!image && !file) found.image = t('gallery.errors.image_required');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    onSave({ title, description }, file);
  };

  return (
    <Dialog open title={image ? t('gallery.form_title_edit') : t('gallery.form_title_new')} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label={`${t('gallery.title_label')} *`}
          value={title}
          maxLength={POST_LIMITS.galleryTitle}
          required
          error={shown.title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextField
          label={t('gallery.description_label')}
          hint={t('gallery.description_hint')}
          value={description}
          maxLength={POST_LIMITS.galleryDescription}
          error={shown.description}
          onChange={(event) => setDescription(event.target.value)}
        />
        {image && !file && (
          <img className="image-preview" src={image.image_url} alt={image.description || image.title} />
        )}
        <ImagePicker
          label={`${t('gallery.image_label')}${image ? '' : ' *'}`}
          hint={t('post_form.image_hint')}
          previewAlt={t('post_form.image_preview')}
          file={file}
          error={shown.image}
          onChange={setFile}
        />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('post_form.close')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('post_form.saving') : t('post_form.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
