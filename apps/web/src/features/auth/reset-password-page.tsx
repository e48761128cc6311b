import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { failureText, interfaceLanguage } from './auth-form-helpers';
import { requestPasswordReset } from './password-api';
import { Button } from '../../components/ui/button';

function rememberedEmail(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.loginEmail) ?? '';
  } catch {
    return '';
  }
}

/**
 * /reset-password (spec §2, §7): asks for a reset link. The answer is the same whether or not the
 * address has an account, so this screen never reveals who is a member.
 */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('titles.reset_password'));
  const [email, setEmail] = useState(rememberedEmail);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const [invalid, setInvalid] = useState(false);
  const messageId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    if (!address) {
      setInvalid(true);
      setMessage({ text: t('reset.email_required'), tone: 'error' });
      return;
    }
    setInvalid(false);
    setSubmitting(true);
    setMessage(undefined);
    try {
      const result = await requestPasswordReset(address, interfaceLanguage(i18n.resolvedLanguage));
      setMessage({ text: result.detail || t('reset.sent'), tone: 'success' });
    } catch (error) {
      setMessage({ text: failureText(error, t('reset.error')), tone: 'error' });
    } finally {
      setSubmitting(false);
    }
  }

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
          value={email}
          invalid={invalid}
          describedBy={invalid ? messageId : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setInvalid(false);
          }}
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
