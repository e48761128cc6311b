import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../lib/session';
import './ui/form-message.css';
import './minor-review-notice.css';

/**
 * Told to a minor whose account an administrator has not checked yet, on the screens where other
 * members would appear (home, feed, friends, search): the server shows them nobody and shows them
 * to nobody until then, and an empty screen with no reason would read as a fault. A status, not an
 * alert: nothing is wrong and there is nothing to do.
 */
export function MinorReviewNotice() {
  const { t } = useTranslation();
  const titleId = useId();
  if (useMeQuery().data?.minor_review_pending !== true) return null;
  return (
    <div role="status" aria-labelledby={titleId} className="message message--info review-notice">
      <h2 id={titleId} className="review-notice__title">
        {t('minor_review.title')}
      </h2>
      <p>{t('minor_review.why')}</p>
      <p>{t('minor_review.until')}</p>
      <p>{t('minor_review.meanwhile')}</p>
    </div>
  );
}
