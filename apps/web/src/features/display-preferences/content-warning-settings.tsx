import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_WARNING_CHOICES, CONTENT_WARNING_KINDS, type ContentWarningChoices } from '@juntos/domain';
import { SelectField } from '../../components/ui/field';

/**
 * The content-warning part of the display settings (issue 37): for each kind of warning, whether
 * posts carrying it show at once, ask first (the default) or stay hidden.
 */
export function ContentWarningSettings({
  choices,
  onChange,
}: {
  choices: ContentWarningChoices;
  onChange: (choices: ContentWarningChoices) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="content-warning-settings">
      <h3 id={headingId} className="read-aloud-settings__title">
        {t('content_warning.settings_title')}
      </h3>
      <p>{t('content_warning.settings_intro')}</p>
      {CONTENT_WARNING_KINDS.map((kind) => (
        <SelectField
          key={kind}
          label={
            kind === 'other' ? t('content_warning.settings_own_words') : t(`content_warning.kinds.${kind}`)
          }
          value={choices[kind]}
          onChange={(event) =>
            onChange({ ...choices, [kind]: event.target.value as ContentWarningChoices[typeof kind] })
          }
        >
          {CONTENT_WARNING_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`content_warning.choices.${choice}`)}
            </option>
          ))}
        </SelectField>
      ))}
    </div>
  );
}
