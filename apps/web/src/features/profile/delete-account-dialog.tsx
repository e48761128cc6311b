import { useQueryClient, useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CheckboxField, PasswordField } from '../../components/ui/field';
import { Dialog } from '../../components/ui/dialog';
import { DeleteAccountFormSchema } from '@juntos/domain';
import { errorText, formFieldErrors, useSchemaForm } from '../../lib/forms';
import { forgetDeletedAccount } from '../../lib/storage-keys';
import { deleteAccount } from './profile-api';
import { Button } from '../../components/ui/button';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';

const EMPTY = { understood: false, password: '' };
/** The server names the password when it is the problem. */
const SERVER_FIELDS = { password: 'password' } as const;

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
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      forgetDeletedAccount();
      queryClient.clear();
      toast.success(t('profile.delete_success'), { duration: 4000 });
      void navigate('/login', { replace: true });
    },
    onError: (error) => {
      // The server names the field and says why, in the member's language (see serverFields).
      if (!formFieldErrors(error, SERVER_FIELDS).password) toast.error(t('profile.delete_error'));
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    reset,
    clearErrors,
    formState: { errors },
  } = useSchemaForm(DeleteAccountFormSchema, {
    defaultValues: EMPTY,
    failure: remove.error,
    serverFields: SERVER_FIELDS,
    reValidateMode: 'onSubmit',
  });
  const understood = watch('understood');
  const passwordError = errorText(t, errors.password);
  const close = () => {
    reset(EMPTY);
    remove.reset();
    onClose();
  };
  const onSubmit = handleSubmit(({ understood, password }) => {
    if (!understood || remove.isPending) return;
    remove.mutate(password);
  });

  return (
    <Dialog
      open={open}
      title={t('profile.delete_dialog.title')}
      description={t('profile.delete_dialog.body')}
      onClose={close}
    >
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <CheckboxField label={t('profile.delete_dialog.confirm_check')} {...register('understood')} />
        <PasswordField
          label={t('profile.delete_dialog.password_label')}
          hint={t('profile.delete_dialog.password_hint')}
          purpose="current"
          disabled={remove.isPending}
          {...register('password', { onChange: () => clearErrors('password') })}
          error={passwordError}
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
