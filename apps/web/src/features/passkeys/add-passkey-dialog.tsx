import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSKEY_LABEL_MAX_LENGTH, type Passkey } from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField, PasswordField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { ApiRequestError } from '../../lib/api-client';
import { addPasskey, isCancelled } from './passkeys-api';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';

/**
 * Adding a passkey: the password first (a session left open on a shared device must not be
 * enough to plant a lasting way in), an optional name, then the device's own prompt.
 */
export function AddPasskeyDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (passkey: Passkey) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<{ password?: string; label?: string }>({});
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const [working, setWorking] = useState(false);

  const close = () => {
    setPassword('');
    setLabel('');
    setErrors({});
    setMessage(undefined);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (working) return;
    if (!password) {
      setErrors({ password: t('passkeys.password_required') });
      return;
    }
    if (label.trim().length > PASSKEY_LABEL_MAX_LENGTH) {
      setErrors({ label: t('passkeys.label_too_long', { max: PASSKEY_LABEL_MAX_LENGTH }) });
      return;
    }
    setErrors({});
    setWorking(true);
    setMessage({ text: t('passkeys.waiting'), tone: 'success' });
    try {
      const passkey = await addPasskey(password, label.trim());
      setPassword('');
      setLabel('');
      setMessage(undefined);
      await onAdded(passkey);
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
      if (fields?.password || fields?.label) {
        setErrors({ password: fields.password, label: fields.label });
        setMessage(undefined);
      } else {
        setMessage({
          text: isCancelled(error)
            ? t('passkeys.cancelled')
            : error instanceof ApiRequestError && error.body?.error
              ? error.body.error
              : t('passkeys.failed'),
          tone: 'error',
        });
      }
    } finally {
      setWorking(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={t('passkeys.dialog_title')}
      description={t('passkeys.dialog_body')}
      onClose={close}
    >
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <PasswordField
          label={t('passkeys.password_label')}
          purpose="current"
          value={password}
          error={errors.password}
          disabled={working}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label={t('passkeys.label_label')}
          hint={t('passkeys.label_hint')}
          autoComplete="off"
          maxLength={PASSKEY_LABEL_MAX_LENGTH}
          value={label}
          error={errors.label}
          disabled={working}
          onChange={(event) => setLabel(event.target.value)}
        />
        <FormMessage text={message?.text} tone={message?.tone} />
        <div className="dialog__actions">
          <Button type="button" onClick={close}>
            {t('passkeys.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={working}>
            {t('passkeys.continue')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
