import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@juntos/domain';
import { CommentForm } from '../../components/comment-form';
import { LikeButton } from '../../components/like-button';
import { ReportDialog } from '../../components/report-dialog';
import { Dialog } from '../../components/ui/dialog';
import { useMeQuery } from '../../lib/session';
import { commentOnImage, fetchImageDetails, galleryKeys, likeImage } from './gallery-api';

/** One image with its likes and comments (spec §2 "Gallery": detail modal, collapsible comments). */
export function ImageDetailsDialog({ imageId, onClose }: { imageId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const details = useQuery({
    queryKey: galleryKeys.details(imageId),
    queryFn: () => fetchImageDetails(imageId),
  });
  const [showComments, setShowComments] = useState(false);
  const [reporting, setReporting] = useState<{ type: 'image' | 'gallery_comment'; id: number }>();
  const viewerId = useMeQuery().data?.id;
  const commentsId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: galleryKeys.all });

  const like = useMutation({ mutationFn: () => likeImage(imageId), onSuccess: refresh });
  const comment = useMutation({
    mutationFn: (value: string) => commentOnImage(imageId, value),
    onSuccess: async () => {
      setShowComments(true);
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
          {image.description && <p>{image.description}</p>}
          <div className="post-card__actions">
            <LikeButton
              liked={image.liked_by_user}
              count={image.likes}
              busy={like.isPending}
              onToggle={() => like.mutate()}
            />
            <button
              type="button"
              className="button button--small"
              aria-expanded={showComments}
              aria-controls={commentsId}
              onClick={() => setShowComments((open) => !open)}
            >
              {showComments ? t('gallery.hide_comments') : t('gallery.show_comments')} (
              {t('post.comments', { count: image.comments.length })})
            </button>
            {image.owner_id !== viewerId && (
              <button
                type="button"
                className="button button--small"
                onClick={() => setReporting({ type: 'image', id: imageId })}
              >
                {t('report.action')}
                <span className="visually-hidden"> {t('report.this_image')}</span>
              </button>
            )}
          </div>
          {showComments && (
            <ul id={commentsId} className="comment-list">
              {image.comments.length === 0 && <li>{t('post.no_comments')}</li>}
              {image.comments.map((item) => (
                <li key={item.id} className="comment">
                  <span className="comment__author">
                    {t('gallery.comment_author', {
                      name:
                        [item.profile_nombre, item.profile_apellidos].filter(Boolean).join(' ') ||
                        t('post.unknown_author'),
                    })}
                  </span>
                  {item.hidden && <p className="moderation-notice">{t('moderation.hidden_comment')}</p>}
                  <p className="comment__text">{item.content}</p>
                  {item.author_id !== viewerId && (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setReporting({ type: 'gallery_comment', id: item.id })}
                    >
                      {t('report.action')}
                      <span className="visually-hidden">
                        {' '}
                        {t('report.comment_by', {
                          name: [item.profile_nombre, item.profile_apellidos].filter(Boolean).join(' '),
                        })}
                      </span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <CommentForm busy={comment.isPending} onSend={(value) => comment.mutateAsync(value)} />
        </>
      )}
      {reporting && (
        <ReportDialog
          targetType={reporting.type}
          targetId={reporting.id}
          onClose={() => setReporting(undefined)}
        />
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('image_viewer.close')}
        </button>
      </div>
    </Dialog>
  );
}
