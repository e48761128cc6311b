import { useQueryClient, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CheckboxField } from '../../components/ui/field';
import { Dialog } from '../../components/ui/dialog';
import { forgetDeletedAccount } from '../../lib/storage-keys';
import { deleteAccount } from './profile-api';

/**
 * Account deletion (spec §4): the confirm button works only once "I understand I will lose all
 * my data" is ticked. On success the tokens and the remembered e-mail are removed and the member
 * lands on /login with the confirmation; on failure the account stays and the dialog says so.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [understood, setUnderstood] = useState(false);
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      forgetDeletedAccount();
      queryClient.clear();
      toast.success(t('profile.delete_success'), { duration: 4000 });
      void navigate('/login', { replace: true });
    },
    onError: () => {
      toast.error(t('profile.delete_error'));
    },
  });
  const close = () => {
    setUnderstood(false);
    remove.reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      title={t('profile.delete_dialog.title')}
      description={t('profile.delete_dialog.body')}
      onClose={close}
    >
      <CheckboxField
        label={t('profile.delete_dialog.confirm_check')}
        checked={understood}
        onChange={(event) => setUnderstood(event.target.checked)}
      />
      {remove.isError && (
        <p role="alert" className="message message--error">
          {t('profile.delete_error')}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={close}>
          {t('profile.delete_dialog.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={!understood || remove.isPending}
          onClick={() => remove.mutate()}
        >
          {remove.isPending ? t('profile.deleting') : t('profile.delete_dialog.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
