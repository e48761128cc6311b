import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CONTENT_WARNING_KINDS, CONTENT_WARNING_TEXT_MAX, type ContentWarningKind } from '@juntos/domain';
import { SelectField, TextField } from './ui/field';

/** The server's field names of a warning and the form fields that show their messages. */
export const WARNING_SERVER_FIELDS = {
  content_warning: 'content_warning',
  content_warning_text: 'content_warning_text',
} as const;

/**
 * The writer's choice of a content warning (issue 37): none, one of the short list, or their own
 * words, which are asked for only with "Other".
 */
export function ContentWarningField({
  kind,
  kindField,
  textField,
  kindError,
  textError,
}: {
  /** The kind chosen now ('' for none), to show the text field with "other". */
  kind: ContentWarningKind | '' | undefined;
  kindField: UseFormRegisterReturn;
  textField: UseFormRegisterReturn;
  kindError?: string | undefined;
  textError?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        label={t('content_warning.field')}
        hint={t('content_warning.field_hint')}
        {...kindField}
        error={kindError}
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
          {...textField}
          error={textError}
        />
      )}
    </>
  );
}
