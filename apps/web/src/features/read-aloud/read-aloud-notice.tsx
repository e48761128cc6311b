import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { reportMissingVoice, useMissingVoice } from './reading-state';
import './read-aloud.css';

/**
 * "Your device has no voice for this language" (issue 34): a reading that found no voice says so
 * and how to add one, instead of staying silent. One notice for every read-aloud button, drawn
 * by the frame on every page: its live region is there before it fills, so a screen reader says
 * it where the focus is, and it stays until closed or until a reading starts.
 */
export function ReadAloudNotice() {
  const { t } = useTranslation();
  const missing = useMissingVoice();
  return (
    <div className={`read-aloud-notice${missing ? ' read-aloud-notice--shown' : ''}`}>
      <p role="status" className="read-aloud-notice__text">
        {missing && t('read_aloud.no_voice')}
      </p>
      {missing && (
        <Button size="small" onClick={() => reportMissingVoice(null)}>
          {t('app.dismiss')}
        </Button>
      )}
    </div>
  );
}
