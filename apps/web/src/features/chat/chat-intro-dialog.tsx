import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRetentionPeriod } from '@juntos/domain';
import { Dialog } from '../../components/ui/dialog';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { Button } from '../../components/ui/button';
import '../../components/ui/dialog.css';

function acknowledged() {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.chatModalAcknowledged) === '1';
  } catch {
    return false;
  }
}

/**
 * The chat's first-use information (spec §2): shown until acknowledged once, and remembered in
 * this browser. It says what members need to know before they write: conversations are deleted
 * from the server and this device when either of them signs out, and chat is only between friends.
 */
export function ChatIntroDialog() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(() => !acknowledged());
  const acknowledge = () => {
    try {
      window.localStorage.setItem(STORAGE_KEYS.chatModalAcknowledged, '1');
    } catch {
      // Storage unavailable: the information shows again next time, which is harmless.
    }
    setOpen(false);
  };
  return (
    // Actions apart from the body: at 320 px with text at 200 % the text scrolls and the button
    // stays on screen (issue 34).
    <Dialog
      open={open}
      title={t('chat.intro.title')}
      onClose={acknowledge}
      actions={
        <Button variant="primary" onClick={acknowledge} data-autofocus="">
          {t('chat.intro.ok')}
        </Button>
      }
    >
      <p>{t('chat.intro.friends_only')}</p>
      <p>
        {t('chat.intro.not_kept', {
          period: formatRetentionPeriod('chatMessage', i18n.resolvedLanguage ?? 'en'),
        })}
      </p>
      <p>{t('chat.intro.receipts')}</p>
    </Dialog>
  );
}
