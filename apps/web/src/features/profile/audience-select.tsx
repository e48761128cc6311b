import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_AUDIENCES, type FieldAudience } from '@juntos/domain';
import '../../components/ui/field.css';
import './profile.css';

/**
 * "Who can see this?" next to a health field. The field's name is part of the accessible name
 * (visually hidden), so a screen-reader user knows which field each choice belongs to.
 */
export function AudienceSelect({
  fieldLabel,
  value,
  onChange,
}: {
  fieldLabel: string;
  value: FieldAudience;
  onChange: (audience: FieldAudience) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="audience-select">
      <label htmlFor={id} className="audience-select__label">
        {t('profile_edit.audience_label')} <span className="visually-hidden">({fieldLabel})</span>
      </label>
      <select
        id={id}
        className="field__control audience-select__control"
        value={value}
        onChange={(event) => onChange(event.target.value as FieldAudience)}
      >
        {FIELD_AUDIENCES.map((audience) => (
          <option key={audience} value={audience}>
            {t(`profile_edit.audience.${audience}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
