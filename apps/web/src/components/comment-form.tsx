import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentSchema, POST_LIMITS } from '@juntos/domain';
import { errorText, useSchemaForm } from '../lib/forms';
import { Button } from './ui/button';
import './ui/field.css';
import './comment-form.css';

/**
 * A labelled comment box with its send button (posts and gallery images). An empty comment is
 * refused with a message (spec §5); the box empties once `onSend` resolves.
 */
export function CommentForm({ busy, onSend }: { busy: boolean; onSend: (text: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const inputId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(CommentSchema, { defaultValues: { text: '' }, reValidateMode: 'onSubmit' });
  const error = errorText(t, errors.text);
  const submit = handleSubmit(({ text }) =>
    onSend(text).then(
      () => reset({ text: '' }),
      () => undefined,
    ),
  );
  return (
    <form className="comment-form" noValidate onSubmit={(event) => void submit(event)}>
      <label htmlFor={inputId} className="field__label">
        {t('post.comment_label')}
      </label>
      <div className="comment-form__row">
        <input
          id={inputId}
          className="field__control"
          maxLength={POST_LIMITS.comment}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...register('text')}
        />
        <Button type="submit" pictogram="send" disabled={busy}>
          {t('post.comment_send')}
        </Button>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="field__error">
          {error}
        </p>
      )}
    </form>
  );
}
