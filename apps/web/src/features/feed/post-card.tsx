import { WrittenWithHelp } from '../../components/written-with-help';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  TOAST_DURATION_MS,
  countryName,
  isCountryCode,
  type CommentForm,
  type Language,
  type Post,
} from '@juntos/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CountryFlag } from '../../components/country-flag';
import { ImageOpenButton } from '../../components/image-open-button';
import { ImageViewer } from '../../components/image-viewer';
import { Reactions } from '../../components/reactions';
import { ReportDialog } from '../../components/report-dialog';
import { useUploadProgress } from '../../components/upload-progress';
import { Dialog } from '../../components/ui/dialog';
import { useMeQuery } from '../../lib/session';
import { commentOnPost, deletePost, likePost, postFormData, updateCachedPost, updatePost } from './posts-api';
import { PostForm } from './post-form';
import { ContentWarningGate, gatedComment } from '../content-warnings/content-warning-gate';
import { ReadAloudButton, readAloudUnit } from '../read-aloud/read-aloud-button';
import { SymbolStrip } from '../symbol-board/symbol-strip';
import { Button } from '../../components/ui/button';
import '../../components/ui/avatar.css';
import '../../components/reactions.css';
import './feed.css';
import { TranslatableText } from '../../components/translatable-text';
import { dateTimeFormat } from '../../lib/intl-formats';

function formatDate(iso: string, language: string) {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** What a list adds to a card: a marker above the text (pinned), actions of its own (moderation). */
export type PostCardExtras = { marker?: ReactNode; actions?: ReactNode };

/** One post (spec §2 "Post card"). */
export function PostCard({ post, extras }: { post: Post; extras?: PostCardExtras | undefined }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  const titleId = useId();
  const viewerId = useMeQuery().data?.id;
  const authorName = post.author.nombre || t('post.unknown_author');
  const country = post.author.country && isCountryCode(post.author.country) ? post.author.country : undefined;

  const like = useMutation({
    mutationFn: () => likePost(post.id),
    onSuccess: ({ liked, total_likes }) =>
      updateCachedPost(queryClient, post.id, (current) => ({
        ...current,
        liked_by_user: liked,
        likes_count: total_likes,
      })),
    onError: () => toast.error(t('post.like_error')),
  });
  const comment = useMutation({
    mutationFn: (form: CommentForm) => commentOnPost(post.id, form),
    onSuccess: (sent) => {
      updateCachedPost(queryClient, post.id, (current) => ({
        ...current,
        comments: [...current.comments, sent],
        comments_count: current.comments_count + 1,
      }));
      toast.success(t('post.comment_sent'), { duration: TOAST_DURATION_MS.commentSent });
    },
    onError: () => toast.error(t('post.comment_error')),
  });
  const remove = useMutation({
    mutationFn: () => deletePost(post.id),
    onSuccess: () => {
      setConfirmingDelete(false);
      updateCachedPost(queryClient, post.id, () => undefined);
      toast.success(t('post.deleted'), { duration: TOAST_DURATION_MS.postChanged });
    },
    onError: () => toast.error(t('post.delete_error')),
  });
  const upload = useUploadProgress();
  const edit = useMutation({
    mutationFn: ({ fields, image }: { fields: Record<string, string>; image: File | undefined }) =>
      updatePost(post.id, postFormData(fields, image), image && upload.report),
    onSettled: upload.clear,
    onSuccess: (updated) => {
      setEditing(false);
      updateCachedPost(queryClient, post.id, () => updated);
      toast.success(t('post.edited'), { duration: TOAST_DURATION_MS.postChanged });
    },
    onError: () => toast.error(t('post.edit_error')),
  });
  const imageAlt = post.image_alt || t('post.image_without_description', { name: authorName });

  return (
    <article className="post-card" aria-labelledby={titleId} {...readAloudUnit}>
      <header className="post-card__header">
        {post.author.photo ? (
          <img className="avatar avatar--small" src={post.author.photo} alt="" />
        ) : (
          <span className="avatar avatar--small avatar--default" aria-hidden="true" />
        )}
        <div>
          <h2 id={titleId} className="post-card__author">
            <span className="visually-hidden">{t('post.by', { name: authorName })}</span>
            <span aria-hidden="true">{authorName}</span>{' '}
            {country && <CountryFlag code={country} label={countryName(country, language)} />}
          </h2>
          <time dateTime={post.created_at} className="post-card__date">
            {t('post.posted_on', { date: formatDate(post.created_at, language) })}
          </time>
          <WrittenWithHelp shown={post.written_with_help} />
        </div>
      </header>
      {extras?.marker}
      {post.hidden && (
        <p className="moderation-notice" role="note">
          {t('moderation.hidden_post')}
        </p>
      )}
      <ContentWarningGate warning={post.content_warning} filtered={post.filter_warning}>
        {post.title && <h3 className="post-card__title">{post.title}</h3>}
        {post.image_url && (
          <ImageOpenButton onOpen={() => setViewing(true)}>
            <img className="post-card__image" src={post.image_url} alt={imageAlt} loading="lazy" />
            <span className="visually-hidden">{t('post.open_image')}</span>
          </ImageOpenButton>
        )}
        <SymbolStrip ids={post.symbols} />
        <TranslatableText className="post-card__text" text={post.text} own={post.is_author} />
      </ContentWarningGate>
      <Reactions
        like={{
          liked: post.liked_by_user,
          count: post.likes_count,
          busy: like.isPending,
          onToggle: () => like.mutate(),
        }}
        comments={post.comments.map((comment) => ({
          id: comment.id,
          authorId: comment.author_id,
          authorLabel: comment.author_name || t('post.unknown_author'),
          authorName: comment.author_name,
          text: comment.text,
          hidden: comment.hidden,
          warning: comment.content_warning,
          filtered: comment.filter_warning,
          writtenWithHelp: comment.written_with_help,
          date: { iso: comment.created_at, text: formatDate(comment.created_at, language) },
        }))}
        commentCount={post.comments_count}
        toggleLabel={() => t('post.comments_toggle')}
        commentBusy={comment.isPending}
        onComment={(form) => comment.mutateAsync(form)}
        gateComment={gatedComment}
        commentReportType="comment"
        viewerId={viewerId}
        commentActions={(comment) => (
          <ReadAloudButton
            what={t('read_aloud.what_comment', { name: comment.authorName || comment.authorLabel })}
          />
        )}
        actions={
          <>
            <ReadAloudButton what={t('read_aloud.what_post', { name: authorName })} />
            {post.is_author && (
              <>
                <Button size="small" onClick={() => setEditing(true)}>
                  {t('post.edit')}
                </Button>
                <Button variant="danger" size="small" onClick={() => setConfirmingDelete(true)}>
                  {t('post.delete')}
                </Button>
              </>
            )}
            {!post.is_author && (
              <Button size="small" onClick={() => setReporting(true)}>
                {t('report.action')}
                <span className="visually-hidden"> {t('report.post_by', { name: authorName })}</span>
              </Button>
            )}
            {extras?.actions}
          </>
        }
      />

      <ImageViewer
        src={viewing ? (post.image_url ?? undefined) : undefined}
        alt={imageAlt}
        onClose={() => setViewing(false)}
      />
      <ConfirmDialog
        open={confirmingDelete}
        title={t('post.delete_title')}
        body={t('post.delete_body')}
        confirmLabel={t('post.delete_confirm')}
        cancelLabel={t('post.cancel')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirmingDelete(false)}
      />
      {reporting && <ReportDialog targetType="post" targetId={post.id} onClose={() => setReporting(false)} />}
      <Dialog open={editing} title={t('post.edit_title')} onClose={() => setEditing(false)}>
        <PostForm
          post={post}
          busy={edit.isPending}
          submitLabel={t('post_form.save')}
          busyLabel={t('post_form.saving')}
          failure={edit.error}
          uploadSent={upload.sent}
          onSubmit={(values) => edit.mutate(values)}
          onCancel={() => setEditing(false)}
        />
      </Dialog>
    </article>
  );
}
