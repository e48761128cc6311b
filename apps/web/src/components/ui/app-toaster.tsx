import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastBar, Toaster, toast, useToaster, useToasterStore } from 'react-hot-toast';
import { TOAST_DURATION_MS, TOAST_MAX_WIDTH_PX } from '@juntos/domain';
import { useEasyRead } from '../../lib/use-easy-read';
import './app-toaster.css';
import './button.css';

/**
 * The page's toasts. In easy-read mode (issue 21, WCAG 2.2.1) a toast stays until the member closes
 * it: every toast here carries information (a result, a refusal, a new message), and reading it
 * may take longer than the seconds a toast normally lasts. The toaster is kept paused, as it is
 * while the pointer rests on it, and each toast gets a close button.
 */
export function AppToaster() {
  const { t } = useTranslation();
  const easyRead = useEasyRead();
  const { handlers } = useToaster();
  const { pausedAt } = useToasterStore();
  const wasEasyRead = useRef(easyRead);

  useEffect(() => {
    // Also after the pointer leaves the toaster, which ends its own pause.
    if (easyRead && pausedAt === undefined) handlers.startPause();
    if (!easyRead && wasEasyRead.current) handlers.endPause();
    wasEasyRead.current = easyRead;
  }, [easyRead, pausedAt, handlers]);

  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATION_MS.default,
        success: { duration: TOAST_DURATION_MS.success },
        style: { maxWidth: TOAST_MAX_WIDTH_PX },
      }}
    >
      {(item) => (
        <ToastBar toast={item}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              {easyRead && (
                <button
                  type="button"
                  className="button button--small toast__close"
                  onClick={() => toast.dismiss(item.id)}
                >
                  {t('app.dismiss')}
                </button>
              )}
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
