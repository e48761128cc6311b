import { useTranslation } from 'react-i18next';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { CONTENT_WARNING_KINDS, CONTENT_WARNING_TEXT_MAX, type ContentWarningKind } from '@juntos/domain';
import { errorText } from '../lib/forms';
import { SelectField, TextField } from './ui/field';

/** The server's field names of a warning and the form fields that show their messages. */
export const WARNING_SERVER_FIELDS = {
  content_warning: 'content_warning',
  content_warning_text: 'content_warning_text',
} as const;

const HINTS = {
  post: 'content_warning.field_hint',
  comment: 'content_warning.field_hint_comment',
  picture: 'content_warning.field_hint_picture',
} as const;

/** The two fields every form that takes a content warning has, under the server's names. */
type WarningValues = {
  content_warning?: ContentWarningKind | '' | undefined;
  content_warning_text?: string | undefined;
};

/**
 * The writer's choice of a content warning (issue 37): none, one of the short list, or their own
 * words, which are asked for only with "Other". It is given the whole form (a post, a comment, a
 * gallery picture) so that each wires the two fields and their messages the same way.
 */
export function ContentWarningField<Values extends FieldValues & WarningValues, Output extends FieldValues>({
  form,
  on,
}: {
  form: Pick<UseFormReturn<Values, unknown, Output>, 'register' | 'watch' | 'formState'>;
  /** What the warning is put on, which its hint names. */
  on: 'post' | 'comment' | 'picture';
}) {
  const { t } = useTranslation();
  // TypeScript cannot see through the generic form that these two are among its fields.
  const kindPath = 'content_warning' as Path<Values>;
  const textPath = 'content_warning_text' as Path<Values>;
  const errors = form.formState.errors as FieldErrors<WarningValues>;
  const kind = form.watch(kindPath) as WarningValues['content_warning'];
  return (
    <>
      <SelectField
        label={t('content_warning.field')}
        hint={t(HINTS[on])}
        {...form.register(kindPath)}
        error={errorText(t, errors.content_warning)}
      >
        <option value="">{t('content_warning.none')}</option>
        {CONTENT_WARNING_KINDS.map((option) => (
          <option key={option} value={option}>
            {t(`content_warning.kinds.${option}`)}
          </option>
        ))}
      </SelectField>
      {kind === 'other' && (
        <TextField
          label={`${t('content_warning.text_field')} *`}
          maxLength={CONTENT_WARNING_TEXT_MAX}
          required
          {...form.register(textPath)}
          error={errorText(t, errors.content_warning_text)}
        />
      )}
    </>
  );
}
