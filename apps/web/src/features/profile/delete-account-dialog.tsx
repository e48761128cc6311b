import { useQueryClient, useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CheckboxField, TextField } from '../../components/ui/field';
import { Dialog } from '../../components/ui/dialog';
import { ApiRequestError } from '../../lib/api-client';
import { forgetDeletedAccount } from '../../lib/storage-keys';
import { deleteAccount } from './profile-api';
import { Button } from '../../components/ui/button';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';

/**
 * Account deletion (spec §4): the confirm button works only once "I understand I will lose all
 * my data" is ticked and the current password is typed (the server checks it again, so a session
 * left open on a shared device is not enough). On success the tokens and the remembered e-mail
 * are removed and the member lands on /login with the confirmation; on failure the account stays
 * and the dialog says so, on the password field when the password was the problem.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [understood, setUnderstood] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      forgetDeletedAccount();
      queryClient.clear();
      toast.success(t('profile.delete_success'), { duration: 4000 });
      void navigate('/login', { replace: true });
    },
    onError: (error) => {
      // The server names the field and says why, in the member's language.
      const fieldMessage = error instanceof ApiRequestError ? error.body?.fields?.password : undefined;
      if (fieldMessage) setPasswordError(fieldMessage);
      else toast.error(t('profile.delete_error'));
    },
  });
  const close = () => {
    setUnderstood(false);
    setPassword('');
    setPasswordError(undefined);
    remove.reset();
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!understood || remove.isPending) return;
    if (!password) {
      setPasswordError(t('profile.delete_dialog.password_required'));
      return;
    }
    remove.mutate(password);
  };

  return (
    <Dialog
      open={open}
      title={t('profile.delete_dialog.title')}
      description={t('profile.delete_dialog.body')}
      onClose={close}
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <CheckboxField
          label={t('profile.delete_dialog.confirm_check')}
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
        />
        <TextField
          label={t('profile.delete_dialog.password_label')}
          hint={t('profile.delete_dialog.password_hint')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={passwordError}
          disabled={remove.isPending}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(undefined);
          }}
        />
        {remove.isError && !passwordError && (
          <p role="alert" className="message message--error">
            {t('profile.delete_error')}
          </p>
        )}
        <div className="dialog__actions">
          <Button onClick={close}>{t('profile.delete_dialog.cancel')}</Button>
          <Button type="submit" variant="danger" disabled={!understood || remove.isPending}>
            {remove.isPending ? t('profile.deleting') : t('profile.delete_dialog.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
