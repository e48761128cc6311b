import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadAloudButton } from './read-aloud-button';
import { stopReading } from './reading-state';

/**
 * "Read the page": reads the page's <main>, comments and all. It sits in the top bar beside the
 * display settings, and folds with them into the phone's menu (decision 0025).
 * `path` changes with the page: what was being read has left the screen.
 */
export function ReadPageButton({ path, className }: { path: string; className?: string }) {
  const { t } = useTranslation();
  useEffect(() => () => stopReading(), [path]);
  return (
    <ReadAloudButton
      what={t('read_aloud.what_page')}
      label={t('read_aloud.page')}
      target={() => document.getElementById('main')}
      nestedUnits="read"
      size="medium"
      className={className}
    />
  );
}
