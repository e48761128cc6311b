import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

type DialogProps = {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /**
   * The dialog's buttons, kept in view under a body that scrolls: on a phone with large text a
   * long body would push them out of the dialog (issue 34). Without it, children hold the buttons.
   */
  actions?: ReactNode;
  /** Called on Escape; omit it for a dialog that needs an explicit answer (Escape then does nothing). */
  onClose?: () => void;
  className?: string;
};

/**
 * A modal dialog on the native <dialog> element: `showModal()` makes the rest of the page inert,
 * so focus stays inside and assistive technology reads only the dialog. Focus returns to the
 * element that had it before the dialog opened.
 */
export function Dialog({ open, title, description, children, actions, onClose, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // showModal focuses the first focusable element; a scrolling body (focusable, see below)
    // comes before the buttons, so a dialog names the one to start on with data-autofocus.
    // (React's autoFocus cannot: it runs while the dialog is still closed, hence unfocusable.)
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog.close();
      previouslyFocused?.focus();
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current?.();
    };
    dialog.addEventListener('cancel', handleCancel);
    return () => dialog.removeEventListener('cancel', handleCancel);
  }, []);

  return (
    <dialog
      ref={ref}
      className={['dialog', actions !== undefined && 'dialog--pinned-actions', className]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
    >
      {open && (
        <>
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="dialog__description">
              {description}
            </p>
          )}
          {actions === undefined ? (
            children
          ) : (
            <>
              {/* Focusable, so that a keyboard can scroll a body longer than the screen. */}
              <div className="dialog__body" tabIndex={0}>
                {children}
              </div>
              <div className="dialog__actions">{actions}</div>
            </>
          )}
        </>
      )}
    </dialog>
  );
}
