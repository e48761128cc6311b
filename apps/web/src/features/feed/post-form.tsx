import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_LIMITS, PostFormSchema, type Post } from '@juntos/domain';
import { ImagePicker } from '../../components/image-picker';
import { TextField } from '../../components/ui/field';

export type PostFormValues = { fields: Record<string, string>; image: File | undefined };

/**
 * The post form of the new-post screen and the edit dialog: optional title, text (required once
 * trimmed, spec §5), optional image with the description read to people who cannot see it.
 */
export function PostForm({
  post,
  busy,
  submitLabel,
  busyLabel,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  post?: Post;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  serverErrors?: Record<string, string> | undefined;
  onSubmit: (values: PostFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(post?.title ?? '');
  const [text, setText] = useState(post?.text ?? '');
  const [imageAlt, setImageAlt] = useState(post?.image_alt ?? '');
  const [image, setImage] = useState<File>();
  const [removeImage, setRemoveImage] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const hasImage = !!image || (!!post?.image_url && !removeImage);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      title,
      text,
      image_alt: imageAlt,
      ...(removeImage && !image ? { remove_image: 'true' } : {}),
    };
    const result = PostFormSchema.safeParse(fields);
    if (!result.success) {
      setErrors(
        Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), t(issue.message)])),
      );
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    onSubmit({ fields, image });
  };

  return (
    <form className="form post-form" noValidate onSubmit={submit}>
      <TextField
        label={t('post_form.title_label')}
        value={title}
        maxLength={POST_LIMITS.title}
        onChange={(event) => setTitle(event.target.value)}
        error={shown.title}
      />
      <div className="field">
        <label htmlFor="post-text" className="field__label">
          {t('post_form.text_label')} *
        </label>
        <textarea
          id="post-text"
          className="field__control"
          rows={5}
          maxLength={POST_LIMITS.text}
          value={text}
          required
          aria-invalid={shown.text ? true : undefined}
          aria-describedby={shown.text ? 'post-text-error' : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {shown.text && (
          <p id="post-text-error" className="field__error">
            {shown.text}
          </p>
        )}
      </div>
      <ImagePicker
        label={t('post_form.image_label')}
        hint={t('post_form.image_hint')}
        previewAlt={t('post_form.image_preview')}
        file={image}
        error={shown.image}
        onChange={(file) => {
          setImage(file);
          if (file) setRemoveImage(false);
        }}
      />
      {post?.image_url && !image && !removeImage && (
        <div className="post-form__current">
          <img className="image-preview" src={post.image_url} alt={post.image_alt} />
          <button type="button" className="button button--ghost" onClick={() => setRemoveImage(true)}>
            {t('post_form.remove_image')}
          </button>
        </div>
      )}
      {hasImage && (
        <TextField
          label={t('post_form.image_alt_label')}
          hint={t('post_form.image_alt_hint')}
          value={imageAlt}
          maxLength={POST_LIMITS.imageAlt}
          onChange={(event) => setImageAlt(event.target.value)}
          error={shown.image_alt}
        />
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('post_form.close')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
