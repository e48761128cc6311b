import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  FUNCTIONAL_FIELDS,
  FUNCTIONAL_FIELD_VALUES,
  functionalValueKey,
  visibilityFormField,
  type FieldAudience,
  type PrivateProfileField,
} from '@juntos/domain';
import { DiseaseField } from '../../components/disease-field';
import { SelectField } from '../../components/ui/field';
import { AudienceSelect } from './audience-select';
import { profileError, profileField, type ProfileForm } from './profile-form';

/** The disease and the functional profile, each with who may see it. */
export function HealthFields({ form }: { form: ProfileForm }) {
  const { t } = useTranslation(['translation', 'perfil_funcional']);
  const disease = useController({ control: form.control, name: 'enfermedad' }).field;
  const field = (name: Parameters<typeof profileField>[2]) => profileField(form, t, name);
  const fieldLabel = (name: PrivateProfileField) =>
    name === 'enfermedad' ? t('profile_edit.enfermedad') : t(`perfil_funcional:fields.${name}`);
  const audience = (name: PrivateProfileField) => (
    <AudienceSelect
      fieldLabel={fieldLabel(name)}
      value={form.watch(visibilityFormField(name)) as FieldAudience}
      onChange={(chosen) => form.setValue(visibilityFormField(name), chosen)}
    />
  );

  return (
    <fieldset className="form__fieldset">
      <legend>{t('profile_edit.health_title')}</legend>
      <p className="field__hint">{t('profile_edit.health_intro')}</p>
      <div className="field-with-audience">
        <DiseaseField
          ref={disease.ref}
          label={t('profile_edit.enfermedad')}
          hint={t('profile_edit.enfermedad_hint')}
          value={disease.value ?? ''}
          error={profileError(form, t, 'enfermedad') ?? profileError(form, t, 'orphacode')}
          onChange={(name, chosen) => {
            disease.onChange(name);
            // A name from the list brings its code; any other text has none.
            form.setValue('orphacode', chosen ? String(chosen.code) : '');
            form.clearErrors(['enfermedad', 'orphacode']);
          }}
        />
        {audience('enfermedad')}
      </div>
      {FUNCTIONAL_FIELDS.map((name) => (
        <div className="field-with-audience" key={name}>
          <SelectField label={t(`perfil_funcional:fields.${name}`)} {...field(name)}>
            <option value="">{t('profile_edit.not_answered')}</option>
            {FUNCTIONAL_FIELD_VALUES[name].map((value) => (
              <option key={value} value={value}>
                {t(`functional_values.${name}.${functionalValueKey(value)}`)}
              </option>
            ))}
          </SelectField>
          {audience(name)}
        </div>
      ))}
    </fieldset>
  );
}
