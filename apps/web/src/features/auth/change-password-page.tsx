import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS } from '@juntos/domain';
import { TextField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { forgetSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLater } from '../../lib/use-later';
import { failureText, passwordProblem, serverFieldErrors } from './auth-form-helpers';
import { changePassword } from './password-api';
import { Button } from '../../components/ui/button';

type Field = 'current_password' | 'new_password';

/**
 * /change-password (signed in; spec §4, §5, §8). The server ends every session of the account
 * on success, so this browser forgets its tokens too and the member signs in again.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const queryClient = useQueryClient();
  useDocumentTitle(t('titles.change_password'));
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<'editing' | 'submitting' | 'done'>('editing');
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state !== 'editing' || !current || !next) return;
    const problem = passwordProblem(next);
    if (problem) {
      setErrors({ new_password: t(problem) });
      return;
    }
    setErrors({});
    setState('submitting');
    setMessage(undefined);
    try {
      await changePassword(current, next);
      forgetSession(queryClient);
      setState('done');
      setMessage({ text: t('change_password.success'), tone: 'success' });
      later(() => void navigate('/login', { replace: true }), REDIRECT_DELAY_MS.medium);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors({ current_password: fields.current_password, new_password: fields.new_password });
      setMessage({ text: failureText(error, t('change_password.error')), tone: 'error' });
      setState('editing');
    }
  }

  const busy = state !== 'editing';

  return (
    <section className="page page--narrow">
      <h1>{t('change_password.title')}</h1>
      <p>{t('change_password.intro')}</p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('change_password.current')}
          type="password"
          autoComplete="current-password"
          required
          disabled={busy}
          value={current}
          error={errors.current_password}
          onChange={(event) => {
            setCurrent(event.target.value);
            setErrors((previous) => ({ ...previous, current_password: undefined }));
          }}
        />
        <TextField
          label={t('change_password.new')}
          hint={t('password.rule')}
          type="password"
          autoComplete="new-password"
          required
          disabled={busy}
          value={next}
          error={errors.new_password}
          onChange={(event) => {
            setNext(event.target.value);
            setErrors((previous) => ({ ...previous, new_password: undefined }));
          }}
        />
        <Button type="submit" variant="primary" disabled={busy || !current || !next}>
          {state === 'submitting' ? t('change_password.submitting') : t('change_password.submit')}
        </Button>
        <FormMessage text={message?.text} tone={message?.tone} />
      </form>
      <p>
        <Link to="/info">{t('change_password.back')}</Link>
      </p>
    </section>
  );
}
