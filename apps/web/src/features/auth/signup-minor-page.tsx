import { useId, useMemo, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  GUARDIAN_RELATIONS,
  createMinorSignupFormSchema,
  type GuardianRelation,
  type MinorSignupForm,
} from '@juntos/domain';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { useSchemaForm } from '../../lib/forms';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formFieldErrors } from './auth-form-helpers';
import { CredentialFields } from './credential-fields';
import { PolicyLinks, SignupLinks } from './signup-links';
import { useSignup } from './use-signup';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';

type Field = keyof MinorSignupForm;

const EMPTY: MinorSignupForm = {
  email: '',
  password: '',
  confirmPassword: '',
  telefono: '',
  nombre_tutor: '',
  relacion_tutor: '',
  legalConfirmation: false,
  responsibilityConfirmation: false,
};

/** Server field names of the registration payload → the field of this form they concern. */
const SERVER_FIELDS: Record<string, Field> = {
  email: 'email',
  password: 'password',
  telefono: 'telefono',
  nombre_tutor: 'nombre_tutor',
  relacion_tutor: 'relacion_tutor',
  acepta_mayoria_edad: 'legalConfirmation',
  acepta_politica_funcionamiento: 'legalConfirmation',
  acepta_responsabilidad_menor: 'responsibilityConfirmation',
};

/**
 * /signup/menor: a parent or guardian registers a minor (spec §2, §4, §5 "Minor sign-up", §8).
 * The rules are checked in the spec's order when the form is sent, and the first one that fails
 * is shown; the field it concerns is marked invalid and described by that message.
 */
export default function SignupMinorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.signup_minor'));
  const schema = useMemo(() => createMinorSignupFormSchema(), []);
  const messageId = useId();
  // The one message is the form's (below the button); the fields are only marked invalid, and the
  // focus stays where the member is, as before.
  const { register, handleSubmit } = useSchemaForm(schema, {
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const { locked, state, busy, message, setMessage, submit } = useSignup('signup_minor');

  const registerField = (name: Field) =>
    register(name, { onChange: () => setInvalid((previous) => ({ ...previous, [name]: false })) });

  const refuse = (errors: FieldErrors<MinorSignupForm>) => {
    // The spec's order decides which rule is told: the errors come in the schema's issue order.
    const [field, error] = Object.entries(errors)[0] ?? [];
    setInvalid(field ? { [field]: true } : {});
    setMessage({ text: t(error?.message ?? 'signup_minor.required_fields'), tone: 'error' });
  };

  const onSubmit = handleSubmit(async (values) => {
    if (busy) return;
    setInvalid({});
    await submit(
      values,
      {
        tipo_registro: 'menor',
        acepta_mayoria_edad: true,
        acepta_politica_funcionamiento: true,
        acepta_responsabilidad_menor: true,
        nombre_tutor: values.nombre_tutor.trim(),
        relacion_tutor: values.relacion_tutor as GuardianRelation,
      },
      (error) => {
        const refused = Object.keys(formFieldErrors(error, SERVER_FIELDS));
        setInvalid(Object.fromEntries(refused.map((field) => [field, true])));
      },
    );
  }, refuse);

  const field = (name: Field) => ({
    ...registerField(name),
    disabled: busy,
    required: true,
    invalid: invalid[name],
    describedBy: invalid[name] ? messageId : undefined,
  });

  return (
    <section className="page page--narrow">
      <h1>{t('signup_minor.title')}</h1>
      <p>{t('signup_minor.intro')}</p>
      {locked && <p className="message message--info">{t('signup.consent_needed')}</p>}
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className="form__fieldset">
          <legend>{t('signup_minor.account_legend')}</legend>
          <CredentialFields
            screen="signup_minor"
            emailHint={t('signup_minor.email_hint')}
            register={registerField}
            disabled={busy}
            invalid={invalid}
            describedBy={messageId}
          />
        </fieldset>
        <fieldset className="form__fieldset">
          <legend>{t('signup_minor.guardian_legend')}</legend>
          <TextField
            {...field('nombre_tutor')}
            label={t('signup_minor.guardian_name')}
            type="text"
            autoComplete="name"
          />
          <SelectField {...field('relacion_tutor')} label={t('signup_minor.relation')}>
            <option value="">{t('signup_minor.relation_choose')}</option>
            {GUARDIAN_RELATIONS.map((relation) => (
              <option key={relation} value={relation}>
                {t(`signup_minor.relations.${relation}`)}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <PolicyLinks />
        <CheckboxField {...field('legalConfirmation')} label={t('signup_minor.legal_confirmation')} />
        <CheckboxField
          {...field('responsibilityConfirmation')}
          label={t('signup_minor.responsibility_confirmation')}
        />
        <Button type="submit" variant="primary" disabled={busy}>
          {state === 'submitting' ? t('signup_minor.submitting') : t('signup_minor.submit')}
        </Button>
        <FormMessage id={messageId} text={message?.text} tone={message?.tone} />
      </form>
      <SignupLinks />
    </section>
  );
}
