import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress as ReportProgress } from '../lib/api-client';
import './upload-progress.css';

/** Screen readers hear the upload at these shares only: every progress event would drown speech. */
const ANNOUNCED_STEP = 0.25;

/**
 * The share of an image upload sent so far: `report` goes to apiUpload, `clear` when the
 * request has ended. Kept to whole percents, so an upload re-renders the form at most 100 times.
 */
export function useUploadProgress() {
  const [sent, setSent] = useState<number>();
  const report = useCallback<ReportProgress>((fraction) => setSent(Math.floor(fraction * 100) / 100), []);
  const clear = useCallback(() => setSent(undefined), []);
  return { sent, report, clear };
}

/**
 * A labelled progress bar while an image is sent, and a polite announcement at each quarter and
 * when the server has the whole file. The live region stays mounted, so its first message is read.
 * The bar jumps between values without animation, so it needs nothing for reduced motion.
 */
export function UploadProgress({ sent }: { sent: number | undefined }) {
  const { t } = useTranslation();
  const labelId = useId();
  const percent = sent === undefined ? undefined : Math.round(sent * 100);
  const announced =
    sent === undefined
      ? ''
      : sent >= 1
        ? t('upload.processing')
        : t('upload.sending', { percent: Math.floor(sent / ANNOUNCED_STEP) * ANNOUNCED_STEP * 100 });

  return (
    <div className="upload-progress">
      {percent !== undefined && (
        <>
          <span id={labelId} className="upload-progress__label">
            {percent >= 100 ? t('upload.processing') : t('upload.label')}
          </span>
          <progress className="upload-progress__bar" aria-labelledby={labelId} max={100} value={percent}>
            {t('upload.percent', { percent })}
          </progress>
        </>
      )}
      <p role="status" className="visually-hidden">
        {announced}
      </p>
    </div>
  );
}
