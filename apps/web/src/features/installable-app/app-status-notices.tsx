import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useUpdateOffer } from './app-update';
import { useOnlineStatus } from '../../lib/use-online-status';
import './app-status-notices.css';

/** How long "You are back online" stays after the connection returns. */
const BACK_ONLINE_MS = 6000;

/**
 * The offline notice and the update prompt, under the top bar of every page (issue 20). Both sit
 * in the page's flow rather than over it, so they never hide the content or the focus (WCAG 2.2
 * 2.4.11), and in polite live regions that are always there, so a screen reader says the change
 * without the focus moving: the "Update now" button waits to be reached.
 */
export function AppStatusNotices() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const backOnline = useBackOnline(online);
  const applyUpdate = useUpdateOffer();
  // "Later" puts off this release only: a newer one is offered again.
  const [dismissed, setDismissed] = useState<() => void>();
  const [updating, setUpdating] = useState(false);
  const showUpdate = applyUpdate !== undefined && applyUpdate !== dismissed;

  return (
    <div className="app-notices">
      <div role="status">
        {!online ? (
          <p className="app-notice app-notice--offline">
            <span aria-hidden="true" className="icon icon--offline" />
            <span>
              <strong>{t('installable_app.offline_title')}</strong> {t('installable_app.offline_body')}
            </span>
          </p>
        ) : (
          backOnline && (
            <p className="app-notice">
              <span aria-hidden="true" className="icon icon--online" />
              <span>{t('installable_app.back_online')}</span>
            </p>
          )
        )}
      </div>
      <div role="status">
        {showUpdate && (
          <div className="app-notice app-notice--update">
            <p>
              <strong>{t('installable_app.update_title')}</strong> {t('installable_app.update_body')}
            </p>
            <div className="app-notice__actions">
              <Button
                variant="primary"
                // Not `disabled`: a disabled button drops the focus of whoever pressed it.
                aria-disabled={updating || undefined}
                onClick={() => {
                  if (updating) return;
                  setUpdating(true);
                  applyUpdate();
                }}
              >
                {updating ? t('installable_app.updating') : t('installable_app.update_now')}
              </Button>
              {!updating && (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setDismissed(() => applyUpdate);
                    // The button goes away with the notice: the focus goes on to the content.
                    document.getElementById('main')?.focus();
                  }}
                >
                  {t('installable_app.later')}
                </Button>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** True for a few seconds after the connection came back, so the member knows it did. */
function useBackOnline(online: boolean): boolean {
  const [backOnline, setBackOnline] = useState(false);
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const timer = window.setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => window.clearTimeout(timer);
  }, [online]);
  return backOnline;
}
