import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS, type Registration } from '@juntos/domain';
import { useLater } from '../../lib/use-later';
import { useConsent } from '../cookie-consent/consent-context';
import { failureText, interfaceLanguage } from './auth-form-helpers';
import type { CredentialValues } from './credential-fields';
import { register } from './signup-api';

/** What a sign-up form adds to its credentials: the account type, the confirmations, the guardian. */
type SignupDetails = Registration extends infer Payload
  ? Payload extends Registration
    ? Omit<Payload, 'email' | 'password' | 'telefono' | 'language'>
    : never
  : never;

/**
 * The flow both sign-up screens share (spec §8, §9): the form is locked until cookie consent is
 * given; `submit` registers the account, then shows the screen's success message and moves to
 * /activate with the address after REDIRECT_DELAY_MS.medium, or shows why it failed and hands the
 * error to `onFailure` so the form can mark the fields the server refused.
 */
export function useSignup(screen: 'signup_adult' | 'signup_minor') {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const { consent } = useConsent();
  const [state, setState] = useState<'editing' | 'submitting' | 'done'>('editing');
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const locked = !consent;

  async function submit(
    credentials: CredentialValues,
    details: SignupDetails,
    onFailure: (error: unknown) => void,
  ) {
    setState('submitting');
    setMessage(undefined);
    const email = credentials.email.trim();
    try {
      await register({
        email,
        password: credentials.password,
        telefono: credentials.telefono.trim(),
        ...details,
        language: interfaceLanguage(i18n.resolvedLanguage),
      });
      setState('done');
      setMessage({ text: t(`${screen}.success`), tone: 'success' });
      later(() => void navigate('/activate', { state: { email } }), REDIRECT_DELAY_MS.medium);
    } catch (error) {
      onFailure(error);
      setMessage({ text: failureText(error, t(`${screen}.error`)), tone: 'error' });
      setState('editing');
    }
  }

  return { locked, state, busy: locked || state !== 'editing', message, setMessage, submit };
}
