import { useTranslation } from 'react-i18next';
import { ImageOpenButton } from './image-open-button';

/**
 * A gallery image as a button that opens the viewer; its name says which image it opens.
 * Gallery pictures load from signed addresses that expire (docs/api.md "Media"), so a picture
 * that fails to load asks its list for fresh addresses (`onLoadError`).
 */
export function GalleryThumbnail({
  image,
  onOpen,
  onLoadError,
}: {
  image: { title: string; image_url: string };
  onOpen: () => void;
  onLoadError?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ImageOpenButton
      className="gallery__open"
      label={t('gallery.open', { title: image.title })}
      onOpen={onOpen}
    >
      <img src={image.image_url} alt="" loading="lazy" onError={onLoadError} />
    </ImageOpenButton>
  );
}
