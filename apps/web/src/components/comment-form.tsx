import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentSchema, POST_LIMITS, type CommentForm as CommentInput } from '@juntos/domain';
import { errorText, useSchemaForm } from '../lib/forms';
import { ContentWarningField } from './content-warning-field';
import { Button } from './ui/button';
import './ui/field.css';
import './comment-form.css';

const EMPTY = { text: '', content_warning: '', content_warning_text: '' } as const;

/**
 * A labelled comment box with its send button (posts and gallery images). An empty comment is
 * refused with a message (spec §5); the box empties once `onSend` resolves. A content warning
 * (issue 37) is one button away rather than always on screen: most comments need none, and a
 * short box is easier to use with a switch or a magnifier.
 */
export function CommentForm({
  busy,
  onSend,
}: {
  busy: boolean;
  onSend: (comment: CommentInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const warningId = useId();
  const [warningOpen, setWarningOpen] = useState(false);
  const form = useSchemaForm(CommentSchema, { defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = form;
  const error = errorText(t, errors.text);
  const submit = handleSubmit((comment) =>
    onSend(comment).then(
      () => {
        reset(EMPTY);
        setWarningOpen(false);
      },
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
      <Button
        size="small"
        className="comment-form__warning-toggle"
        aria-expanded={warningOpen}
        aria-controls={warningId}
        onClick={() => {
          // Closing takes the warning away: nothing hidden from view is sent with the comment.
          if (warningOpen) {
            setValue('content_warning', '');
            setValue('content_warning_text', '');
          }
          setWarningOpen(!warningOpen);
        }}
      >
        {t('content_warning.field')}
      </Button>
      <div id={warningId} hidden={!warningOpen} className="comment-form__warning">
        {warningOpen && <ContentWarningField form={form} on="comment" />}
      </div>
    </form>
  );
}
