import { WrittenWithHelp } from '../../components/written-with-help';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, type CommentForm } from '@juntos/domain';
import { Reactions } from '../../components/reactions';
import { ReportDialog } from '../../components/report-dialog';
import { Dialog } from '../../components/ui/dialog';
import { useMeQuery } from '../../lib/session';
import { commentOnImage, galleryKeys, imageDetailsQuery, likeImage } from './gallery-api';
import { Button } from '../../components/ui/button';
import { ReadAloudButton } from '../read-aloud/read-aloud-button';
import { gatedComment } from '../content-warnings/content-warning-gate';
import '../../components/ui/dialog.css';
import '../../components/ui/form-message.css';
import '../../components/image-viewer.css';
import '../../components/reactions.css';

/** One image with its likes and comments (spec §2 "Gallery": detail modal, collapsible comments). */
export function ImageDetailsDialog({ imageId, onClose }: { imageId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const details = useQuery(imageDetailsQuery(imageId));
  const [reportingImage, setReportingImage] = useState(false);
  const viewerId = useMeQuery().data?.id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: galleryKeys.all });

  const like = useMutation({ mutationFn: () => likeImage(imageId), onSuccess: refresh });
  const comment = useMutation({
    mutationFn: (form: CommentForm) => commentOnImage(imageId, form),
    onSuccess: async () => {
      await refresh();
      toast.success(t('post.comment_sent'), { duration: TOAST_DURATION_MS.commentSent });
    },
    onError: (failure) => console.error('Gallery comment failed', failure),
  });

  const image = details.data;
  return (
    <Dialog open title={image?.title ?? t('gallery.title')} onClose={onClose} className="dialog--image">
      {details.isError && (
        <p role="alert" className="message message--error">
          {t('gallery.details_error')}
        </p>
      )}
      {image && (
        <>
          <img
            className="image-viewer__image"
            src={image.image_url}
            alt={image.description || image.title}
            // The signed address may have expired while the dialog stayed open.
            onError={() => void details.refetch()}
          />
          {image.hidden && (
            <p className="moderation-notice" role="note">
              {t('moderation.hidden_image')}
            </p>
          )}
          {image.written_with_help && (
            <p>
              <WrittenWithHelp shown picture />
            </p>
          )}
          {image.description && <p>{image.description}</p>}
          <Reactions
            like={{
              liked: image.liked_by_user,
              count: image.likes,
              busy: like.isPending,
              onToggle: () => like.mutate(),
            }}
            comments={image.comments.map((item) => {
              const name = [item.profile_nombre, item.profile_apellidos].filter(Boolean).join(' ');
              return {
                id: item.id,
                authorId: item.author_id,
                authorLabel: t('gallery.comment_author', { name: name || t('post.unknown_author') }),
                authorName: name,
                text: item.content,
                hidden: item.hidden,
                warning: item.content_warning,
                filtered: item.filter_warning,
                writtenWithHelp: item.written_with_help,
              };
            })}
            commentCount={image.comments.length}
            toggleLabel={(open) => (open ? t('gallery.hide_comments') : t('gallery.show_comments'))}
            commentBusy={comment.isPending}
            onComment={(form) => comment.mutateAsync(form)}
            gateComment={gatedComment}
            commentReportType="gallery_comment"
            viewerId={viewerId}
            commentBox="always"
            commentActions={(item) => (
              <ReadAloudButton
                what={t('read_aloud.what_comment', { name: item.authorName || t('post.unknown_author') })}
              />
            )}
            actions={
              image.owner_id !== viewerId && (
                <Button size="small" onClick={() => setReportingImage(true)}>
                  {t('report.action')}
                  <span className="visually-hidden"> {t('report.this_image')}</span>
                </Button>
              )
            }
          />
        </>
      )}
      {reportingImage && (
        <ReportDialog targetType="image" targetId={imageId} onClose={() => setReportingImage(false)} />
      )}
      <div className="dialog__actions">
        <Button variant="primary" onClick={onClose}>
          {t('image_viewer.close')}
        </Button>
      </div>
    </Dialog>
  );
}
