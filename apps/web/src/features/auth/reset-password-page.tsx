import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { EmailOnlySchema } from '@juntos/domain';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useSchemaForm } from '../../lib/forms';
import { useDocumentTitle } from '../../lib/use-document-title';
import { failureText, interfaceLanguage } from './auth-form-helpers';
import { requestPasswordReset } from './password-api';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';

function rememberedEmail(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.loginEmail) ?? '';
  } catch {
    return '';
  }
}

/** The address alone: the interface language is added when the request is sent. */
const ResetRequestForm = EmailOnlySchema.pick({ email: true });

/**
 * /reset-password (spec §2, §7): asks for a reset link. The answer is the same whether or not the
 * address has an account, so this screen never reveals who is a member.
 */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('titles.reset_password'));
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting: submitting },
  } = useSchemaForm(ResetRequestForm, {
    defaultValues: { email: rememberedEmail() },
    // The message is the form's own (below the button), which stays until the next try; typing
    // only takes the field's invalid mark away, and the focus stays where the member left it.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const messageId = useId();
  const invalid = !!errors.email;

  const onSubmit = handleSubmit(
    async ({ email }) => {
      setMessage(undefined);
      try {
        const result = await requestPasswordReset(email, interfaceLanguage(i18n.resolvedLanguage));
        setMessage({ text: result.detail || t('reset.sent'), tone: 'success' });
      } catch (error) {
        setMessage({ text: failureText(error, t('reset.error')), tone: 'error' });
      }
    },
    (found) => setMessage({ text: t(found.email?.message ?? 'reset.email_required'), tone: 'error' }),
  );

  return (
    <section className="page page--narrow">
      <h1>{t('reset.title')}</h1>
      <p>{t('reset.intro')}</p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('reset.email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          disabled={submitting}
          {...register('email', { onChange: () => clearErrors('email') })}
          invalid={invalid}
          describedBy={invalid ? messageId : undefined}
        />
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? t('reset.submitting') : t('reset.submit')}
        </Button>
        <FormMessage id={messageId} text={message?.text} tone={message?.tone} />
      </form>
      <p>
        <Link to="/login">{t('reset.back_to_login')}</Link>
      </p>
    </section>
  );
}
