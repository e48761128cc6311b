import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createAdultSignupFormSchema, type AdultSignupForm } from '@juntos/domain';
import { CheckboxField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { errorText, useSchemaForm } from '../../lib/forms';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTouchedFields } from '../../lib/use-touched-fields';
import { formFieldErrors } from './auth-form-helpers';
import { CredentialFields } from './credential-fields';
import { PolicyLinks, SignupLinks } from './signup-links';
import { useSignup } from './use-signup';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';

type Field = keyof AdultSignupForm;

const EMPTY: AdultSignupForm = {
  email: '',
  password: '',
  confirmPassword: '',
  telefono: '',
  confirmation: false,
};

/** Server field names of the registration payload → the field of this form that shows them. */
const SERVER_FIELDS: Record<string, Field> = {
  email: 'email',
  password: 'password',
  telefono: 'telefono',
  acepta_mayoria_edad: 'confirmation',
  acepta_politica_funcionamiento: 'confirmation',
};

/** /signup/self: adult sign-up (spec §2, §4 "Adult sign-up", §5, §8). */
export default function SignupAdultPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.signup_self'));
  const schema = useMemo(() => createAdultSignupFormSchema(), []);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isValid },
  } = useSchemaForm(schema, {
    defaultValues: EMPTY,
    // Every rule is checked on each keystroke and on leaving a field (the button waits for all of
    // them), but a field's message shows only once the member has left it (see useTouchedFields);
    // the server's at once.
    mode: 'all',
    shouldFocusError: false,
  });
  const [touched, touch] = useTouchedFields<Field>();
  const { locked, state, busy, message, submit } = useSignup('signup_adult');

  const errorFor = (field: Field) => {
    const error = errors[field];
    return error?.type === 'server' || touched[field] ? errorText(t, error) : undefined;
  };

  const field = (name: Field) =>
    register(name, {
      onChange: () => clearErrors(name),
      onBlur: () => touch(name),
      // The confirmation is checked again when the password it must repeat changes.
      ...(name === 'password' && { deps: ['confirmPassword'] }),
    });

  // What the member typed is sent as typed (the server applies the same rules).
  const onSubmit = handleSubmit(async () => {
    if (busy) return;
    await submit(
      getValues(),
      {
        tipo_registro: 'adulto',
        acepta_mayoria_edad: true,
        acepta_politica_funcionamiento: true,
        acepta_responsabilidad_menor: false,
      },
      (error) =>
        Object.entries(formFieldErrors(error, SERVER_FIELDS)).forEach(([name, text]) =>
          setError(name as Field, { type: 'server', message: text }),
        ),
    );
  });

  const showSubmitHint = !isValid && !locked && state === 'editing';

  return (
    <section className="page page--narrow">
      <h1>{t('signup_adult.title')}</h1>
      <p>{t('signup_adult.intro')}</p>
      {locked && <p className="message message--info">{t('signup.consent_needed')}</p>}
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <CredentialFields
          screen="signup_adult"
          register={field}
          disabled={busy}
          errors={{
            email: errorFor('email'),
            password: errorFor('password'),
            confirmPassword: errorFor('confirmPassword'),
            telefono: errorFor('telefono'),
          }}
        />
        <PolicyLinks />
        <CheckboxField
          disabled={busy}
          required
          label={t('signup_adult.confirmation')}
          {...register('confirmation', {
            onChange: () => {
              clearErrors('confirmation');
              touch('confirmation');
            },
            onBlur: () => touch('confirmation'),
          })}
          error={errorFor('confirmation')}
        />
        {showSubmitHint && (
          <p className="form__note" id="signup-adult-submit-hint">
            {t('signup_adult.submit_hint')}
          </p>
        )}
        <Button
          type="submit"
          variant="primary"
          disabled={busy || !isValid}
          aria-describedby={showSubmitHint ? 'signup-adult-submit-hint' : undefined}
        >
          {state === 'submitting' ? t('signup_adult.submitting') : t('signup_adult.submit')}
        </Button>
        <FormMessage text={message?.text} tone={message?.tone} />
      </form>
      <SignupLinks />
    </section>
  );
}
