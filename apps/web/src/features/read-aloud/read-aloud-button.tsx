import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize } from '../../components/ui/button';
import { READ_ALOUD_UNIT_ATTRIBUTE } from './readable-text';
import { speechAvailable, stopReading, stopReadingOf, useReadingKey } from './reading-state';
import './read-aloud.css';

/** Spread on a piece of content whose read-aloud button sits inside it (a post, a comment). */
export const readAloudUnit = { [READ_ALOUD_UNIT_ATTRIBUTE]: '' } as const;

/**
 * "Read aloud" for one piece of content: by default the nearest element around the button marked
 * with `readAloudUnit`. The visible text stays short; the accessible name says what is read
 * ("Read aloud: post by Ana"), and while it reads, "Stop reading: post by Ana". Not drawn where
 * the browser has no speech synthesis.
 */
export function ReadAloudButton({
  what,
  target,
  label,
  nestedUnits = 'skip',
  size = 'small',
  className,
}: {
  /** What is read, for the accessible name ("post by Ana"). */
  what: string;
  /** The content when it is not around the button (the page's <main>). */
  target?: () => HTMLElement | null;
  /** The visible text instead of "Read aloud" ("Read the page"). */
  label?: string;
  nestedUnits?: 'skip' | 'read';
  /** Small beside content; the top bar's controls are of the ordinary size. */
  size?: ButtonSize;
  className?: string;
}) {
  const { t } = useTranslation();
  const key = useId();
  const button = useRef<HTMLButtonElement>(null);
  const reading = useReadingKey() === key;

  // Content that leaves the page (comments folded, a post deleted, a new page) stops being read.
  useEffect(() => () => stopReadingOf(key), [key]);

  if (!speechAvailable()) return null;

  const start = () => {
    const root = target
      ? target()
      : (button.current?.closest<HTMLElement>(`[${READ_ALOUD_UNIT_ATTRIBUTE}]`) ?? null);
    if (!root) return;
    // Loaded on the first use: the landing page's first load carries only this button.
    void import('./reader').then(({ readAloud }) => readAloud(key, root, nestedUnits));
  };

  const visible = reading ? t('read_aloud.stop') : (label ?? t('read_aloud.read'));
  // A label, not hidden text: the button is a flex box, whose items Chromium names with a space
  // between them ("Read aloud : post by Ana"). Each language's label begins with the visible
  // words (WCAG 2.5.3).
  const name = reading
    ? t('read_aloud.stop_named', { what })
    : label
      ? label
      : t('read_aloud.read_named', { what });

  return (
    <Button
      ref={button}
      aria-label={name}
      size={size}
      variant="ghost"
      className={['read-aloud-button', className].filter(Boolean).join(' ')}
      data-read-aloud-skip=""
      onClick={() => (reading ? stopReading() : start())}
    >
      <span aria-hidden="true" className={`icon ${reading ? 'icon--stop' : 'icon--speaker'}`} />
      {visible}
    </Button>
  );
}
