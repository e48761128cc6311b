import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentSchema, POST_LIMITS } from '@juntos/domain';
import { Button } from './ui/button';
import './ui/field.css';
import './comment-form.css';

/**
 * A labelled comment box with its send button (posts and gallery images). An empty comment is
 * refused with a message (spec §5); the box empties once `onSend` resolves.
 */
export function CommentForm({ busy, onSend }: { busy: boolean; onSend: (text: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = CommentSchema.safeParse({ text });
    if (!result.success) {
      setError(t(result.error.issues[0]?.message ?? 'comment.errors.text_required'));
      return;
    }
    setError(undefined);
    onSend(result.data.text).then(
      () => setText(''),
      () => undefined,
    );
  };
  return (
    <form className="comment-form" noValidate onSubmit={submit}>
      <label htmlFor={inputId} className="field__label">
        {t('post.comment_label')}
      </label>
      <div className="comment-form__row">
        <input
          id={inputId}
          className="field__control"
          value={text}
          maxLength={POST_LIMITS.comment}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
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
