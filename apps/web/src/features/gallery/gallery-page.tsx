import { WrittenWithHelp } from '../../components/written-with-help';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TOAST_DURATION_MS, type GalleryImage } from '@juntos/domain';
import { PageLoading } from '../../components/ui/page-loading';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  createImage,
  deleteImage,
  galleryQuery,
  galleryFormData,
  galleryKeys,
  updateImage,
} from './gallery-api';
import { GalleryFormDialog } from './gallery-form-dialog';
import { useUploadProgress } from '../../components/upload-progress';
import { ImageDetailsDialog } from './image-details-dialog';
import { GalleryThumbnail } from '../../components/gallery-thumbnail';
import { ContentWarningGate } from '../content-warnings/content-warning-gate';
import { Button } from '../../components/ui/button';
import '../../components/ui/form-message.css';
import '../../components/reactions.css';
import './gallery.css';

type Editing = { image: GalleryImage | undefined } | undefined;

/**
 * /gallery (spec §2 "Gallery"): the member's own images, or with ?owner=<id> a friend's images
 * (seen only by accepted friends; anyone else is told the gallery is not available).
 */
export default function GalleryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.gallery'));
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const ownerParam = Number(params.get('owner'));
  const owner = Number.isInteger(ownerParam) && ownerParam > 0 ? ownerParam : undefined;
  const own = owner === undefined;
  const gallery = useQuery(galleryQuery(owner));
  const [editing, setEditing] = useState<Editing>();
  const [opened, setOpened] = useState<number>();
  const [deleting, setDeleting] = useState<GalleryImage>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: galleryKeys.all });

  const upload = useUploadProgress();
  const save = useMutation({
    mutationFn: ({ fields, file }: { fields: Record<string, string>; file: File | undefined }) =>
      editing?.image
        ? updateImage(editing.image.id, galleryFormData(fields, file), file && upload.report)
        : createImage(galleryFormData(fields, file), file && upload.report),
    onSettled: upload.clear,
    onSuccess: async () => {
      const wasEdit = !!editing?.image;
      setEditing(undefined);
      await refresh();
      toast.success(wasEdit ? t('gallery.edited') : t('gallery.created'), {
        duration: TOAST_DURATION_MS.deletion,
      });
    },
    onError: (error) => {
      console.error('Gallery save failed', error);
      toast.error(t('gallery.save_error'));
    },
  });
  const remove = useMutation({
    mutationFn: (image: GalleryImage) => deleteImage(image.id),
    onSuccess: async () => {
      setDeleting(undefined);
      await refresh();
      toast.success(t('gallery.deleted'), { duration: TOAST_DURATION_MS.deletion });
    },
    onError: (error) => {
      console.error('Gallery delete failed', error);
      toast.error(t('gallery.delete_error'));
    },
  });

  const hidden = gallery.error instanceof ApiRequestError && gallery.error.status === 404;
  return (
    <section className="page gallery">
      <h1>{own ? t('gallery.title') : t('gallery.friend_title')}</h1>
      {own && <p>{t('gallery.intro')}</p>}
      {own && (
        <Button variant="primary" onClick={() => setEditing({ image: undefined })}>
          {t('gallery.upload')}
        </Button>
      )}
      {gallery.isPending ? (
        <PageLoading />
      ) : gallery.isError ? (
        <p
          role={hidden ? undefined : 'alert'}
          className={hidden ? 'gallery__locked' : 'message message--error'}
        >
          {hidden ? t('gallery.not_available') : t('gallery.load_error')}
        </p>
      ) : gallery.data.results.length === 0 ? (
        <p className="gallery__empty">{own ? t('gallery.empty') : t('gallery.friend_empty')}</p>
      ) : (
        <ul className="gallery__grid">
          {gallery.data.results.map((image) => (
            <li key={image.id} className="gallery__item">
              <ContentWarningGate warning={image.content_warning}>
                <GalleryThumbnail
                  image={image}
                  onOpen={() => setOpened(image.id)}
                  onLoadError={() => void gallery.refetch()}
                />
              </ContentWarningGate>
              <h2 className="gallery__item-title">{image.title}</h2>
              {image.written_with_help && (
                <p>
                  <WrittenWithHelp shown picture />
                </p>
              )}
              {image.description && <p className="gallery__item-description">{image.description}</p>}
              {own && (
                <div className="post-card__actions">
                  <Button size="small" onClick={() => setEditing({ image })}>
                    {t('gallery.edit')} <span className="visually-hidden">{image.title}</span>
                  </Button>
                  <Button variant="danger" size="small" onClick={() => setDeleting(image)}>
                    {t('gallery.delete')} <span className="visually-hidden">{image.title}</span>
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <GalleryFormDialog
          image={editing.image}
          busy={save.isPending}
          failure={save.error}
          uploadSent={upload.sent}
          onSave={(fields, file) => save.mutate({ fields, file })}
          onClose={() => {
            save.reset();
            setEditing(undefined);
          }}
        />
      )}
      {opened !== undefined && <ImageDetailsDialog imageId={opened} onClose={() => setOpened(undefined)} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('gallery.delete_title')}
        body={t('gallery.delete_body')}
        confirmLabel={t('gallery.delete_confirm')}
        cancelLabel={t('post.cancel')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </section>
  );
}
