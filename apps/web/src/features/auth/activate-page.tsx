import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ACTIVATION_CODE_LENGTH, REDIRECT_DELAY_MS, sanitizeActivationCode } from '@juntos/domain';
import { TextField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { startSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLater } from '../../lib/use-later';
import { activate, resendActivationCode } from './activation-api';
import { failureText, interfaceLanguage } from './auth-form-helpers';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';

type Message = { text: string; tone: 'error' | 'success' };

function emailFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('email' in state)) return undefined;
  return typeof state.email === 'string' && state.email ? state.email : undefined;
}

/**
 * /activate: the 6-digit code e-mailed at sign-up (spec §2, §4, §5 "Activation code"). The
 * address comes from the sign-up screen (navigation state) or ?email=; without either the member
 * types it.
 */
export default function ActivatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  useDocumentTitle(t('titles.activate'));
  const [knownEmail] = useState(() => emailFromState(location.state) ?? searchParams.get('email') ?? '');
  const [email, setEmail] = useState(knownEmail);
  const [code, setCode] = useState('');
  const [state, setState] = useState<'editing' | 'submitting' | 'done'>('editing');
  const [message, setMessage] = useState<Message>();
  const [invalid, setInvalid] = useState<'email' | 'code'>();
  const [resending, setResending] = useState(false);
  const [resendMessage, setResendMessage] = useState<Message>();
  const messageId = useId();
  const resendMessageId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state !== 'editing') return;
    const address = email.trim();
    if (!address) {
      setInvalid('email');
      setMessage({ text: t('activate.email_required'), tone: 'error' });
      return;
    }
    if (code.length !== ACTIVATION_CODE_LENGTH) {
      setInvalid('code');
      setMessage({ text: t('activate.invalid_code'), tone: 'error' });
      return;
    }
    setInvalid(undefined);
    setState('submitting');
    setMessage(undefined);
    try {
      const result = await activate(address, code);
      await startSession(queryClient, { access: result.access, refresh: result.refresh });
      setState('done');
      setMessage({ text: t('activate.success'), tone: 'success' });
      later(() => void navigate('/edit-profile'), REDIRECT_DELAY_MS.short);
    } catch (error) {
      setMessage({ text: failureText(error, t('activate.error')), tone: 'error' });
      setState('editing');
    }
  }

  async function onResend() {
    const address = email.trim();
    if (!address) {
      setInvalid('email');
      setResendMessage({ text: t('activate.email_required'), tone: 'error' });
      return;
    }
    setResending(true);
    setResendMessage(undefined);
    try {
      const result = await resendActivationCode(address, interfaceLanguage(i18n.resolvedLanguage));
      setResendMessage({ text: result.detail || t('activate.resend_sent'), tone: 'success' });
    } catch (error) {
      setResendMessage({ text: failureText(error, t('activate.resend_error')), tone: 'error' });
    } finally {
      setResending(false);
    }
  }

  const busy = state !== 'editing';

  return (
    <section className="page page--narrow">
      <h1>{t('activate.title')}</h1>
      {knownEmail ? <p>{t('activate.intro_known', { email: knownEmail })}</p> : <p>{t('activate.intro')}</p>}
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {!knownEmail && (
          <TextField
            label={t('activate.email')}
            type="email"
            autoComplete="email"
            spellCheck={false}
            required
            disabled={busy}
            value={email}
            invalid={invalid === 'email'}
            describedBy={invalid === 'email' ? messageId : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              if (invalid === 'email') setInvalid(undefined);
            }}
          />
        )}
        <TextField
          label={t('activate.code')}
          hint={t('activate.code_hint')}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={ACTIVATION_CODE_LENGTH}
          spellCheck={false}
          required
          disabled={busy}
          value={code}
          invalid={invalid === 'code'}
          describedBy={invalid === 'code' ? messageId : undefined}
          onChange={(event) => {
            setCode(sanitizeActivationCode(event.target.value));
            if (invalid === 'code') setInvalid(undefined);
          }}
          onPaste={(event) => {
            // maxLength would cut "123 456" to "123 45" before the spaces are stripped.
            event.preventDefault();
            setCode(sanitizeActivationCode(event.clipboardData.getData('text')));
            if (invalid === 'code') setInvalid(undefined);
          }}
        />
        <Button type="submit" variant="primary" disabled={busy}>
          {state === 'submitting' ? t('activate.submitting') : t('activate.submit')}
        </Button>
        <FormMessage id={messageId} text={message?.text} tone={message?.tone} />
      </form>
      <h2>{t('activate.resend_title')}</h2>
      <p>{t('activate.resend_intro')}</p>
      <div className="form">
        <div>
          <Button disabled={resending || state === 'done'} onClick={() => void onResend()}>
            {resending ? t('activate.resending') : t('activate.resend')}
          </Button>
        </div>
        <FormMessage id={resendMessageId} text={resendMessage?.text} tone={resendMessage?.tone} />
      </div>
      <p>
        <Link to="/login">{t('activate.back_to_login')}</Link>
      </p>
    </section>
  );
}
