import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ChangePasswordSchema, REDIRECT_DELAY_MS } from '@juntos/domain';
import { CheckboxField, PasswordField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { errorText, formFieldErrors, useSchemaForm } from '../../lib/forms';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLater } from '../../lib/use-later';
import { failureText } from './auth-form-helpers';
import { changePassword } from './password-api';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';

type Field = 'current_password' | 'new_password' | 'remove_passkeys';

const SERVER_FIELDS: Readonly<Record<string, Field>> = {
  current_password: 'current_password',
  new_password: 'new_password',
  remove_passkeys: 'remove_passkeys',
};

/**
 * /change-password (signed in; spec §4, §5, §8). The server ends every other session of the
 * account; this one goes on. The member chooses whether their passkeys go too (checked by
 * default: someone who briefly had the session and the password may have added one).
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const queryClient = useQueryClient();
  useDocumentTitle(t('titles.change_password'));
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors },
  } = useSchemaForm(ChangePasswordSchema, {
    defaultValues: { current_password: '', new_password: '', remove_passkeys: true },
    // A message goes away when its field changes; the focus stays where the member is.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [current, next] = watch(['current_password', 'new_password']);
  const [state, setState] = useState<'editing' | 'submitting' | 'done'>('editing');
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const field = (name: Field) => register(name, { onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(async (input) => {
    if (state !== 'editing') return;
    setState('submitting');
    setMessage(undefined);
    try {
      await changePassword(input);
      // What other screens hold may have changed with it (the passkeys list).
      void queryClient.invalidateQueries();
      setState('done');
      setMessage({ text: t('change_password.success'), tone: 'success' });
      later(() => void navigate('/info', { replace: true }), REDIRECT_DELAY_MS.medium);
    } catch (error) {
      for (const [name, text] of Object.entries(formFieldErrors(error, SERVER_FIELDS)))
        setError(name as Field, { type: 'server', message: text });
      setMessage({ text: failureText(error, t('change_password.error')), tone: 'error' });
      setState('editing');
    }
  });

  const busy = state !== 'editing';

  return (
    <section className="page page--narrow">
      <h1>{t('change_password.title')}</h1>
      <p>{t('change_password.intro')}</p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <PasswordField
          label={t('change_password.current')}
          purpose="current"
          disabled={busy}
          {...field('current_password')}
          error={errorText(t, errors.current_password)}
        />
        <PasswordField
          label={t('change_password.new')}
          hint={t('password.rule')}
          purpose="new"
          disabled={busy}
          {...field('new_password')}
          error={errorText(t, errors.new_password)}
        />
        <CheckboxField
          label={t('change_password.remove_passkeys')}
          hint={t('change_password.remove_passkeys_hint')}
          disabled={busy}
          {...field('remove_passkeys')}
          error={errorText(t, errors.remove_passkeys)}
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
