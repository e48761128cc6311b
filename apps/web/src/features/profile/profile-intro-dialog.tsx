import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog';
import { sessionKeys, type Me } from '../../lib/session';
import { markProfileIntroSeen } from './profile-api';
import { Button } from '../../components/ui/button';
import '../../components/ui/dialog.css';

/**
 * The editor's first-visit explanation (spec §2), shown once per account: closing it is
 * remembered on the server, so it does not come back on another device either.
 */
export function ProfileIntroDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const seen = useMutation({
    mutationFn: markProfileIntroSeen,
    onSettled: () =>
      queryClient.setQueryData<Me>(sessionKeys.me(), (me) => (me ? { ...me, profile_intro_seen: true } : me)),
  });
  const close = () => seen.mutate();

  return (
    <Dialog
      open={open && !seen.isPending && !seen.isSuccess}
      title={t('profile_edit.first_visit.title')}
      onClose={close}
    >
      <p>{t('profile_edit.first_visit.body')}</p>
      <p>{t('profile_edit.first_visit.privacy')}</p>
      <div className="dialog__actions">
        <Button variant="primary" onClick={close} autoFocus>
          {t('profile_edit.first_visit.ok')}
        </Button>
      </div>
    </Dialog>
  );
}
