import { useTranslation } from 'react-i18next';

/** A gallery image as a button that opens the viewer; its name says which image it opens. */
export function GalleryThumbnail({
  image,
  onOpen,
}: {
  image: { title: string; image_url: string };
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="gallery__open"
      aria-label={t('gallery.open', { title: image.title })}
      onClick={onOpen}
    >
      <img src={image.image_url} alt="" loading="lazy" />
    </button>
  );
}
