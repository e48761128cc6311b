import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../app/navigation';
import { REDIRECT_DELAY_MS, ResetConfirmSchema } from '@juntos/domain';
import { PasswordField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { errorText, useSchemaForm } from '../../lib/forms';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLater } from '../../lib/use-later';
import { useTouchedFields } from '../../lib/use-touched-fields';
import { failureText } from './auth-form-helpers';
import { confirmPasswordReset } from './password-api';
import { Button, buttonClass } from '../../components/ui/button';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';

/** The new password; the token comes from the link. */
const NewPasswordForm = ResetConfirmSchema.pick({ new_password: true });

/** /reset-confirm?token=… : the link of the reset e-mail leads here (spec §2, §4, §8). */
export default function ResetConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const [searchParams] = useSearchParams();
  useDocumentTitle(t('titles.reset_confirm'));
  const token = searchParams.get('token') ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(NewPasswordForm, {
    defaultValues: { new_password: '' },
    // Checked on every change and on leaving the field; shown only once the field was left (below).
    mode: 'all',
    shouldFocusError: false,
  });
  const [touched, touch] = useTouchedFields<'password'>();
  const [state, setState] = useState<'editing' | 'submitting' | 'done'>('editing');
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const passwordField = register('new_password', { onBlur: () => touch('password') });

  const submit = handleSubmit(async ({ new_password: password }) => {
    if (state !== 'editing') return;
    setState('submitting');
    setMessage(undefined);
    try {
      await confirmPasswordReset(token, password);
      setState('done');
      setMessage({ text: t('reset_confirm.success'), tone: 'success' });
      later(() => void navigate('/login'), REDIRECT_DELAY_MS.long);
    } catch (error) {
      setMessage({ text: failureText(error, t('reset_confirm.error')), tone: 'error' });
      setState('editing');
    }
  });
  const onSubmit = (event: FormEvent) => {
    touch('password');
    return submit(event);
  };

  if (!token) {
    return (
      <section className="page page--narrow">
        <h1>{t('reset_confirm.title')}</h1>
        <p className="message message--error">{t('reset_confirm.invalid_token')}</p>
        <p>
          <AppLink to="/reset-password" pictogram="arrow" className={buttonClass({ variant: 'primary' })}>
            {t('reset_confirm.new_link')}
          </AppLink>
        </p>
      </section>
    );
  }

  return (
    <section className="page page--narrow">
      <h1>{t('reset_confirm.title')}</h1>
      <p>{t('reset_confirm.intro')}</p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <PasswordField
          label={t('reset_confirm.new_password')}
          hint={t('password.rule')}
          purpose="new"
          disabled={state !== 'editing'}
          {...passwordField}
          // The message waits until the member has left the field (see useTouchedFields).
          error={touched.password ? errorText(t, errors.new_password) : undefined}
        />
        <Button type="submit" variant="primary" disabled={state !== 'editing'}>
          {state === 'submitting' ? t('reset_confirm.submitting') : t('reset_confirm.submit')}
        </Button>
        <FormMessage text={message?.text} tone={message?.tone} />
      </form>
      <p>
        <Link to="/reset-password">{t('reset_confirm.new_link')}</Link>
      </p>
    </section>
  );
}
