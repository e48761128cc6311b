import { useTranslation } from 'react-i18next';
import { GalleryFormSchema, POST_LIMITS, PickedImageSchema, type GalleryImage } from '@juntos/domain';
import { ContentWarningField, WARNING_SERVER_FIELDS } from '../../components/content-warning-field';
import { ImagePicker } from '../../components/image-picker';
import { TextField } from '../../components/ui/field';
import { Dialog } from '../../components/ui/dialog';
import { UploadProgress } from '../../components/upload-progress';
import { errorText, useImageForm } from '../../lib/forms';
import { Button } from '../../components/ui/button';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';
import '../../components/image-picker.css';

/** A new image needs a file; an edit sends one only when a new one was chosen. */
const NewImageForm = GalleryFormSchema.safeExtend({ image: PickedImageSchema });
const EditedImageForm = GalleryFormSchema.safeExtend({ image: PickedImageSchema.optional() });

const SERVER_FIELDS = {
  title: 'title',
  description: 'description',
  image: 'image',
  ...WARNING_SERVER_FIELDS,
} as const;

/**
 * Adding or editing a gallery image (spec §2): title required, description optional (it is also
 * the image's text alternative), a content warning for a picture others may not want to see at
 * once (issue 37), the image with a preview and its upload progress; when editing, the image is
 * sent only if a new one was chosen.
 */
export function GalleryFormDialog({
  image,
  busy,
  failure,
  uploadSent,
  onSave,
  onClose,
}: {
  image: GalleryImage | undefined;
  busy: boolean;
  /** The last failed save, whose field messages are put on the fields. */
  failure: unknown;
  /** The share of the image sent so far, while it is. */
  uploadSent: number | undefined;
  onSave: (fields: Record<string, string>, file: File | undefined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useImageForm(image ? EditedImageForm : NewImageForm, {
    defaultValues: {
      title: image?.title ?? '',
      description: image?.description ?? '',
      content_warning: image?.content_warning?.kind ?? '',
      content_warning_text: image?.content_warning?.text ?? '',
    },
    failure,
    serverFields: SERVER_FIELDS,
  });
  const {
    register,
    handleSubmit,
    image: file,
    imageRef,
    pickImage,
    formState: { errors },
  } = form;

  const submit = handleSubmit((values) =>
    onSave(
      {
        title: values.title,
        description: values.description,
        content_warning: values.content_warning ?? '',
        content_warning_text: values.content_warning_text,
      },
      file,
    ),
  );

  return (
    <Dialog open title={image ? t('gallery.form_title_edit') : t('gallery.form_title_new')} onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={`${t('gallery.title_label')} *`}
          maxLength={POST_LIMITS.galleryTitle}
          required
          {...register('title')}
          error={errorText(t, errors.title)}
        />
        <TextField
          label={t('gallery.description_label')}
          hint={t('gallery.description_hint')}
          maxLength={POST_LIMITS.galleryDescription}
          {...register('description')}
          error={errorText(t, errors.description)}
        />
        <ContentWarningField form={form} on="picture" />
        {image && !file && (
          <img className="image-preview" src={image.image_url} alt={image.description || image.title} />
        )}
        <ImagePicker
          ref={imageRef}
          label={`${t('gallery.image_label')}${image ? '' : ' *'}`}
          hint={t('post_form.image_hint')}
          previewAlt={t('post_form.image_preview')}
          file={file}
          error={errorText(t, errors.image)}
          onChange={pickImage}
        />
        <UploadProgress sent={uploadSent} />
        <div className="dialog__actions">
          <Button onClick={onClose}>{t('post_form.close')}</Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? t('post_form.saving') : t('post_form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
