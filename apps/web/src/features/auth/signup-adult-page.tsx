import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS, createAdultSignupFormSchema, type AdultSignupForm } from '@juntos/domain';
import { ExternalLink } from '../../components/ui/external-link';
import { CheckboxField, TextField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLater } from '../../lib/use-later';
import { useTouchedFields } from '../../lib/use-touched-fields';
import { useConsent } from '../cookie-consent/consent-context';
import { failureText, interfaceLanguage, issuesByField, serverFieldErrors } from './auth-form-helpers';
import { register } from './signup-api';

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
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const { consent } = useConsent();
  useDocumentTitle(t('titles.signup_self'));
  const schema = useMemo(() => createAdultSignupFormSchema(), []);
  const [values, setValues] = useState<AdultSignupForm>(EMPTY);
  const [touched, touch] = useTouchedFields<Field>();
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<'editing' | 'submitting' | 'done'>('editing');
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const locked = !consent;

  const result = schema.safeParse(values);
  const issues = issuesByField(result);
  const errorFor = (field: Field) =>
    serverErrors[field] ?? (touched[field] && issues[field] ? t(issues[field]) : undefined);

  const change = <K extends Field>(field: K, value: AdultSignupForm[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (locked || state !== 'editing' || !result.success) return;
    setState('submitting');
    setMessage(undefined);
    const email = values.email.trim();
    try {
      await register({
        email,
        password: values.password,
        telefono: values.telefono.trim(),
        tipo_registro: 'adulto',
        acepta_mayoria_edad: true,
        acepta_politica_funcionamiento: true,
        acepta_responsabilidad_menor: false,
        language: interfaceLanguage(i18n.resolvedLanguage),
      });
      setState('done');
      setMessage({ text: t('signup_adult.success'), tone: 'success' });
      later(() => void navigate('/activate', { state: { email } }), REDIRECT_DELAY_MS.medium);
    } catch (error) {
      const fields: Partial<Record<Field, string>> = {};
      for (const [name, text] of Object.entries(serverFieldErrors(error))) {
        const field = SERVER_FIELDS[name];
        if (field) fields[field] ??= text;
      }
      setServerErrors(fields);
      setMessage({ text: failureText(error, t('signup_adult.error')), tone: 'error' });
      setState('editing');
    }
  }

  const common = { disabled: locked || state !== 'editing', required: true };
  const showSubmitHint = !result.success && !locked && state === 'editing';

  return (
    <section className="page page--narrow">
      <h1>{t('signup_adult.title')}</h1>
      <p>{t('signup_adult.intro')}</p>
      {locked && <p className="message message--info">{t('signup.consent_needed')}</p>}
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          {...common}
          label={t('signup_adult.email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          value={values.email}
          error={errorFor('email')}
          onChange={(event) => change('email', event.target.value)}
          onBlur={() => touch('email')}
        />
        <TextField
          {...common}
          label={t('signup_adult.password')}
          hint={t('password.rule')}
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errorFor('password')}
          onChange={(event) => change('password', event.target.value)}
          onBlur={() => touch('password')}
        />
        <TextField
          {...common}
          label={t('signup_adult.confirm_password')}
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errorFor('confirmPassword')}
          onChange={(event) => change('confirmPassword', event.target.value)}
          onBlur={() => touch('confirmPassword')}
        />
        <TextField
          {...common}
          label={t('signup_adult.phone')}
          hint={t('signup_adult.phone_hint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={values.telefono}
          error={errorFor('telefono')}
          onChange={(event) => change('telefono', event.target.value)}
          onBlur={() => touch('telefono')}
        />
        <div className="field">
          <p className="form__note">{t('signup.policies_intro')}</p>
          <ul className="form__policies">
            <li>
              <ExternalLink href="/politica/terms">{t('signup.terms_link')}</ExternalLink>
            </li>
            <li>
              <ExternalLink href="/politica/privacy">{t('signup.privacy_link')}</ExternalLink>
            </li>
          </ul>
        </div>
        <CheckboxField
          {...common}
          label={t('signup_adult.confirmation')}
          checked={values.confirmation}
          error={errorFor('confirmation')}
          onChange={(event) => {
            change('confirmation', event.target.checked);
            touch('confirmation');
          }}
          onBlur={() => touch('confirmation')}
        />
        {showSubmitHint && (
          <p className="form__note" id="signup-adult-submit-hint">
            {t('signup_adult.submit_hint')}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={locked || state !== 'editing' || !result.success}
          aria-describedby={showSubmitHint ? 'signup-adult-submit-hint' : undefined}
        >
          {state === 'submitting' ? t('signup_adult.submitting') : t('signup_adult.submit')}
        </button>
        <FormMessage text={message?.text} tone={message?.tone} />
      </form>
      <div className="form__links">
        <Link to="/signup" className="button button--ghost">
          {t('signup.back_to_choice')}
        </Link>
        <Link to="/login" className="button button--ghost">
          {t('signup.have_account')}
        </Link>
      </div>
    </section>
  );
}
