import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  GUARDIAN_RELATIONS,
  REDIRECT_DELAY_MS,
  createMinorSignupFormSchema,
  type GuardianRelation,
  type MinorSignupForm,
} from '@juntos/domain';
import { ExternalLink } from '../../components/ui/external-link';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLater } from '../../lib/use-later';
import { useConsent } from '../cookie-consent/consent-context';
import { failureText, interfaceLanguage, issuesByField, serverFieldErrors } from './auth-form-helpers';
import { register } from './signup-api';

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
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const { consent } = useConsent();
  useDocumentTitle(t('titles.signup_minor'));
  const schema = useMemo(() => createMinorSignupFormSchema(), []);
  const messageId = useId();
  const [values, setValues] = useState<MinorSignupForm>(EMPTY);
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const [state, setState] = useState<'editing' | 'submitting' | 'done'>('editing');
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const locked = !consent;

  const change = <K extends Field>(field: K, value: MinorSignupForm[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setInvalid((previous) => ({ ...previous, [field]: false }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (locked || state !== 'editing') return;
    const result = schema.safeParse(values);
    if (!result.success) {
      const [field, key] = Object.entries(issuesByField(result))[0] ?? [];
      setInvalid(field ? { [field]: true } : {});
      setMessage({ text: t(key ?? 'signup_minor.required_fields'), tone: 'error' });
      return;
    }
    setState('submitting');
    setMessage(undefined);
    setInvalid({});
    const email = values.email.trim();
    try {
      await register({
        email,
        password: values.password,
        telefono: values.telefono.trim(),
        tipo_registro: 'menor',
        acepta_mayoria_edad: true,
        acepta_politica_funcionamiento: true,
        acepta_responsabilidad_menor: true,
        nombre_tutor: values.nombre_tutor.trim(),
        relacion_tutor: values.relacion_tutor as GuardianRelation,
        language: interfaceLanguage(i18n.resolvedLanguage),
      });
      setState('done');
      setMessage({ text: t('signup_minor.success'), tone: 'success' });
      later(() => void navigate('/activate', { state: { email } }), REDIRECT_DELAY_MS.medium);
    } catch (error) {
      const marked: Partial<Record<Field, boolean>> = {};
      for (const name of Object.keys(serverFieldErrors(error))) {
        const field = SERVER_FIELDS[name];
        if (field) marked[field] = true;
      }
      setInvalid(marked);
      setMessage({ text: failureText(error, t('signup_minor.error')), tone: 'error' });
      setState('editing');
    }
  }

  const field = (name: Field) => ({
    disabled: locked || state !== 'editing',
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
          <TextField
            {...field('email')}
            label={t('signup_minor.email')}
            hint={t('signup_minor.email_hint')}
            type="email"
            autoComplete="email"
            spellCheck={false}
            value={values.email}
            onChange={(event) => change('email', event.target.value)}
          />
          <TextField
            {...field('password')}
            label={t('signup_minor.password')}
            hint={t('password.rule')}
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
          />
          <TextField
            {...field('confirmPassword')}
            label={t('signup_minor.confirm_password')}
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => change('confirmPassword', event.target.value)}
          />
          <TextField
            {...field('telefono')}
            label={t('signup_minor.phone')}
            hint={t('signup_minor.phone_hint')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={values.telefono}
            onChange={(event) => change('telefono', event.target.value)}
          />
        </fieldset>
        <fieldset className="form__fieldset">
          <legend>{t('signup_minor.guardian_legend')}</legend>
          <TextField
            {...field('nombre_tutor')}
            label={t('signup_minor.guardian_name')}
            type="text"
            autoComplete="name"
            value={values.nombre_tutor}
            onChange={(event) => change('nombre_tutor', event.target.value)}
          />
          <SelectField
            {...field('relacion_tutor')}
            label={t('signup_minor.relation')}
            value={values.relacion_tutor}
            onChange={(event) => change('relacion_tutor', event.target.value)}
          >
            <option value="">{t('signup_minor.relation_choose')}</option>
            {GUARDIAN_RELATIONS.map((relation) => (
              <option key={relation} value={relation}>
                {t(`signup_minor.relations.${relation}`)}
              </option>
            ))}
          </SelectField>
        </fieldset>
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
          {...field('legalConfirmation')}
          label={t('signup_minor.legal_confirmation')}
          checked={values.legalConfirmation}
          onChange={(event) => change('legalConfirmation', event.target.checked)}
        />
        <CheckboxField
          {...field('responsibilityConfirmation')}
          label={t('signup_minor.responsibility_confirmation')}
          checked={values.responsibilityConfirmation}
          onChange={(event) => change('responsibilityConfirmation', event.target.checked)}
        />
        <button type="submit" className="button button--primary" disabled={locked || state !== 'editing'}>
          {state === 'submitting' ? t('signup_minor.submitting') : t('signup_minor.submit')}
        </button>
        <FormMessage id={messageId} text={message?.text} tone={message?.tone} />
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
