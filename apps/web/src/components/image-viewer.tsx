import { useTranslation } from 'react-i18next';
import { Dialog } from './ui/dialog';
import { Button } from './ui/button';
import './ui/dialog.css';
import './image-viewer.css';

/** An image at full size in a dialog (Escape or Close returns to where the member was). */
export function ImageViewer({
  src,
  alt,
  onClose,
}: {
  src: string | undefined;
  alt: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!src} title={t('image_viewer.title')} onClose={onClose} className="dialog--image">
      {src && <img className="image-viewer__image" src={src} alt={alt} />}
      <div className="dialog__actions">
        <Button variant="primary" onClick={onClose} autoFocus>
          {t('image_viewer.close')}
        </Button>
      </div>
    </Dialog>
  );
}
