import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoginSchema, REDIRECT_DELAY_MS, type LoginResponse } from '@juntos/domain';
import { TextField, PasswordField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { ApiRequestError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/forms';
import { startSession } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useConsent } from '../cookie-consent/consent-context';
import { isCancelled } from '../passkeys/cancelled';
import { login } from './login-api';
import { Button, buttonClass } from '../../components/ui/button';
import '../../components/ui/form-message.css';
import '../passkeys/passkeys.css';
import './auth.css';

/** /login (spec §2, §4 "Login outcomes", §8 "Login failure"). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { consent } = useConsent();
  const queryClient = useQueryClient();
  useDocumentTitle(t('titles.login'));
  const { register, handleSubmit, watch } = useSchemaForm(LoginSchema, {
    defaultValues: { email: window.localStorage.getItem(STORAGE_KEYS.loginEmail) ?? '', password: '' },
  });
  const [email, password] = watch(['email', 'password']);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const locked = !consent;
  const passkeyHintId = useId();
  // Checked without loading the WebAuthn library: it comes only when the button is pressed.
  const passkeysSupported = typeof window.PublicKeyCredential === 'function';

  /** What both ways of signing in do with the answer (spec §4 "Login outcomes"). */
  const completeSignIn = async (result: LoginResponse, email?: string) => {
    if (email) window.localStorage.setItem(STORAGE_KEYS.loginEmail, email);
    if (!result.is_active) {
      if (result.activation_required) {
        setMessage({ text: t('login.activation_sent'), tone: 'success' });
        setTimeout(() => void navigate('/activate', { state: { email } }), REDIRECT_DELAY_MS.short);
      } else {
        setMessage({ text: t('login.not_active'), tone: 'error' });
      }
      setSubmitting(false);
      return;
    }
    if (!result.access || !result.refresh) throw new Error('An active account was answered without tokens.');
    // Spec §4 "Session": the tokens are stored and the profile fetched before going on.
    await startSession(queryClient, { access: result.access, refresh: result.refresh });
    setMessage({ text: t('login.success'), tone: 'success' });
    // A full reload after sign-in, so every part of the app starts with the new session.
    setTimeout(
      () => window.location.assign(result.profile_complete ? '/info' : '/edit-profile'),
      REDIRECT_DELAY_MS.short,
    );
  };

  const refused = (error: unknown) => {
    const text =
      error instanceof ApiRequestError && error.body?.detail
        ? error.body.detail
        : error instanceof ApiRequestError && error.status === 403
          ? t('login.forbidden')
          : t('login.error');
    setMessage({ text, tone: 'error' });
    setSubmitting(false);
  };

  const signIn = async ({ email, password }: { email: string; password: string }) => {
    if (locked || submitting) return;
    setSubmitting(true);
    setMessage(undefined);
    try {
      await completeSignIn(await login(email, password), email);
    } catch (error) {
      refused(error);
    }
  };

  const signInByPasskey = async () => {
    if (locked || submitting) return;
    setSubmitting(true);
    setMessage({ text: t('passkeys.waiting'), tone: 'success' });
    try {
      const { signInWithPasskey } = await import('../passkeys/passkeys-api');
      await completeSignIn(await signInWithPasskey());
    } catch (error) {
      if (isCancelled(error)) {
        setMessage({ text: t('passkeys.sign_in_cancelled'), tone: 'error' });
        setSubmitting(false);
      } else refused(error);
    }
  };
  // The fields have no messages of their own: a refused one (only blanks, far too long) is told
  // in the form's message, as the server's refusal is.
  const onSubmit = handleSubmit(signIn, (errors) => {
    const key = errors.email?.message ?? errors.password?.message;
    if (key) setMessage({ text: t(key), tone: 'error' });
  });

  return (
    <section className="page page--narrow">
      <h1>{t('login.title')}</h1>
      {locked && (
        <p className="message message--info" id="login-consent-hint">
          {t('login.consent_needed')}
        </p>
      )}
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
          disabled={locked}
          {...register('email')}
        />
        <PasswordField
          label={t('login.password')}
          purpose="current"
          disabled={locked}
          {...register('password')}
        />
        <Button type="submit" variant="primary" disabled={locked || submitting || !email || !password}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
        <FormMessage text={message?.text} tone={message?.tone} />
      </form>
      {passkeysSupported && (
        <div className="login__alternative">
          <p id={passkeyHintId}>{t('passkeys.sign_in_hint')}</p>
          <Button
            onClick={() => void signInByPasskey()}
            disabled={locked || submitting}
            aria-describedby={passkeyHintId}
          >
            <span aria-hidden="true" className="icon icon--key" />
            {t('passkeys.sign_in')}
          </Button>
        </div>
      )}
      <div className="form__links">
        <Link to="/signup" className={buttonClass()}>
          {t('login.signup')}
        </Link>
        <Link to="/reset-password" className={buttonClass({ variant: 'ghost' })}>
          {t('login.reset')}
        </Link>
      </div>
    </section>
  );
}
