import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_LIMITS, PickedImageSchema, PostFormSchema, joinSymbolIds, type Post } from '@juntos/domain';
import { ImagePicker } from '../../components/image-picker';
import { TextAreaField, TextField } from '../../components/ui/field';
import { UploadProgress } from '../../components/upload-progress';
import { errorText, useImageForm } from '../../lib/forms';
import { Button } from '../../components/ui/button';
import { ContentWarningField, WARNING_SERVER_FIELDS } from '../../components/content-warning-field';
import { SymbolBoard, SymbolBoardToggle } from '../symbol-board/symbol-board';
import { useSymbolWriting } from '../symbol-board/use-symbol-writing';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';
import '../../components/image-picker.css';
import './feed.css';

export type PostFormValues = { fields: Record<string, string>; image: File | undefined };

const PostFormWithImage = PostFormSchema.safeExtend({ image: PickedImageSchema.optional() });

/** Each field of the server's answer and the form field that shows its message. */
const SERVER_FIELDS = {
  title: 'title',
  text: 'text',
  image: 'image',
  image_alt: 'image_alt',
  symbols: 'text',
  ...WARNING_SERVER_FIELDS,
} as const;

/**
 * The post form of the new-post screen and the edit dialog: optional title, text (required once
 * trimmed, spec §5), optional image (no larger than the server takes) with the description read
 * to people who cannot see it, an optional content warning (issue 37), and the upload's progress
 * while it is sent.
 */
export function PostForm({
  post,
  busy,
  submitLabel,
  busyLabel,
  failure,
  uploadSent,
  onSubmit,
  onCancel,
}: {
  post?: Post;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The last failed save, whose field messages are put on the fields. */
  failure?: unknown;
  /** The share of the image sent so far, while it is. */
  uploadSent?: number | undefined;
  onSubmit: (values: PostFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useImageForm(PostFormWithImage, {
    defaultValues: {
      title: post?.title ?? '',
      text: post?.text ?? '',
      image_alt: post?.image_alt ?? '',
      content_warning: post?.content_warning?.kind ?? '',
      content_warning_text: post?.content_warning?.text ?? '',
    },
    failure,
    serverFields: SERVER_FIELDS,
  });
  const {
    register,
    handleSubmit,
    image,
    imageRef,
    pickImage,
    setValue,
    formState: { errors },
  } = form;
  const [removeImage, setRemoveImage] = useState(false);
  const textRef = useRef<HTMLTextAreaElement | null>(null);
  const writing = useSymbolWriting({
    textRef,
    setText: (value) => setValue('text', value, { shouldDirty: true }),
  });
  const boardId = useId();
  const textField = register('text');
  const hasImage = !!image || (!!post?.image_url && !removeImage);

  const submit = handleSubmit((values) =>
    onSubmit({
      fields: {
        title: values.title,
        text: values.text,
        image_alt: values.image_alt,
        content_warning: values.content_warning ?? '',
        content_warning_text: values.content_warning_text,
        // Only a post written (or edited) with the board says which symbols it has: an edit without
        // touching the board keeps those the post had.
        ...(writing.symbols.length > 0 && { symbols: joinSymbolIds(writing.symbols) }),
        ...(removeImage && !image ? { remove_image: 'true' } : {}),
      },
      image,
    }),
  );

  return (
    <form className="form post-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('post_form.title_label')}
        maxLength={POST_LIMITS.title}
        {...register('title')}
        error={errorText(t, errors.title)}
      />
      <TextAreaField
        label={`${t('post_form.text_label')} *`}
        rows={5}
        maxLength={POST_LIMITS.text}
        required
        {...textField}
        ref={(element) => {
          textField.ref(element);
          textRef.current = element;
        }}
        error={errorText(t, errors.text)}
      />
      <div className="post-form__symbols">
        <SymbolBoardToggle writing={writing} boardId={boardId} />
      </div>
      {writing.open && <SymbolBoard writing={writing} id={boardId} />}
      <ImagePicker
        ref={imageRef}
        label={t('post_form.image_label')}
        hint={t('post_form.image_hint')}
        previewAlt={t('post_form.image_preview')}
        file={image}
        error={errorText(t, errors.image)}
        onChange={(file) => {
          pickImage(file);
          if (file) setRemoveImage(false);
        }}
      />
      {post?.image_url && !image && !removeImage && (
        <div className="post-form__current">
          <img className="image-preview" src={post.image_url} alt={post.image_alt} />
          <Button variant="ghost" onClick={() => setRemoveImage(true)}>
            {t('post_form.remove_image')}
          </Button>
        </div>
      )}
      {hasImage && (
        <TextField
          label={t('post_form.image_alt_label')}
          hint={t('post_form.image_alt_hint')}
          maxLength={POST_LIMITS.imageAlt}
          {...register('image_alt')}
          error={errorText(t, errors.image_alt)}
        />
      )}
      <ContentWarningField form={form} on="post" />
      <UploadProgress sent={uploadSent} />
      <div className="dialog__actions">
        <Button onClick={onCancel}>{t('post_form.close')}</Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
