import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import './like-button.css';

/**
 * A like toggle: `aria-pressed` tells whether the member likes it, and the count is part of the
 * button's name, so a screen reader announces both when it changes.
 */
export function LikeButton({
  liked,
  count,
  busy,
  onToggle,
}: {
  liked: boolean;
  count: number;
  busy?: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  // A changed count is also said aloud (a button's new name is not announced by every reader).
  const [announcement, setAnnouncement] = useState('');
  const shownCount = useRef(count);
  useEffect(() => {
    if (shownCount.current === count) return;
    shownCount.current = count;
    setAnnouncement(t('post.likes', { count }));
  }, [count, t]);
  return (
    <>
      <Button
        size="small"
        className={liked ? 'like-button like-button--on' : 'like-button'}
        aria-pressed={liked}
        // Not `disabled` while saving: a disabled button drops the keyboard focus.
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onToggle();
        }}
      >
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {t('post.like')}{' '}
        <span className="like-button__count">({t('post.likes', { count })})</span>
      </Button>
      <span role="status" className="visually-hidden">
        {announcement}
      </span>
    </>
  );
}
