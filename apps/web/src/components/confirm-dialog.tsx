import type { ReactNode } from 'react';
import { Dialog } from './ui/dialog';
import { Button } from './ui/button';
import './ui/dialog.css';

/** "Are you sure?" before something is deleted for good; Escape or Cancel keeps it. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} title={title} description={body} onClose={onCancel}>
      <div className="dialog__actions">
        <Button onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant="danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
