import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentForm as CommentInput, ContentWarning } from '@juntos/domain';
import { CommentForm } from './comment-form';
import { LikeButton } from './like-button';
import { ReportDialog } from './report-dialog';
import { Button } from './ui/button';
import './reactions.css';
import { TranslatableText } from './translatable-text';
import { WrittenWithHelp } from './written-with-help';

/** One comment as the bar shows it, whatever it was written on (a post, a gallery image). */
export type ReactionComment = {
  id: number;
  authorId: number;
  /** The visible author line ("Ana", "Comment by Ana"). */
  authorLabel: string;
  /** The name read with the comment's report button. */
  authorName: string;
  text: string;
  hidden: boolean;
  /** The writer's content warning (issue 37), or null. */
  warning: ContentWarning | null;
  /** A phrase of the reader's keyword filters (warn) it holds, or null. */
  filtered: string | null;
  /** A supporter wrote it for the viewer, its author (decision 0047). */
  writtenWithHelp: boolean;
  /** The written time, formatted, when the content kind shows it. */
  date?: { iso: string; text: string } | undefined;
};

/**
 * The like-and-comments bar of any content (posts, gallery images): the like toggle, the button
 * that opens the comments, the caller's own actions (edit, delete, report the content), the
 * comments with a report button on those of others, and the comment box.
 */
export function Reactions({
  like,
  comments,
  commentCount,
  toggleLabel,
  commentBusy,
  onComment,
  commentReportType,
  viewerId,
  commentBox = 'with-comments',
  actions,
  commentActions,
  gateComment,
}: {
  like: { liked: boolean; count: number; busy: boolean; onToggle: () => void };
  comments: readonly ReactionComment[];
  commentCount: number;
  /** The comments button's text for the open and the closed state. */
  toggleLabel: (open: boolean) => string;
  commentBusy: boolean;
  /** Sends a comment; the bar opens the comments once it resolves. */
  onComment: (comment: CommentInput) => Promise<unknown>;
  commentReportType: 'comment' | 'gallery_comment';
  viewerId: number | undefined;
  /** Where the comment box sits: among the opened comments, or always below the bar. */
  commentBox?: 'with-comments' | 'always';
  actions?: ReactNode;
  /** What the caller adds to each comment (read aloud); the comment is a read-aloud unit. */
  commentActions?: (comment: ReactionComment) => ReactNode;
  /** Puts a comment's text behind its warning, by the reader's settings (the content-warnings feature). */
  gateComment: (comment: ReactionComment, text: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState<number>();
  const commentsId = useId();
  const form = (
    <CommentForm
      busy={commentBusy}
      onSend={async (comment) => {
        await onComment(comment);
        setOpen(true);
      }}
    />
  );

  return (
    <>
      <div className="post-card__actions">
        <LikeButton liked={like.liked} count={like.count} busy={like.busy} onToggle={like.onToggle} />
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={commentsId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          {toggleLabel(open)} ({t('post.comments', { count: commentCount })})
        </Button>
        {actions}
      </div>
      {open && (
        <div id={commentsId} className="post-card__comments">
          {comments.length === 0 ? (
            <p className="post-card__no-comments">{t('post.no_comments')}</p>
          ) : (
            <ul className="comment-list">
              {comments.map((comment) => (
                <li key={comment.id} className="comment" data-read-aloud-unit="">
                  <span className="comment__author">{comment.authorLabel}</span>{' '}
                  {comment.date && (
                    <time dateTime={comment.date.iso} className="comment__date">
                      {comment.date.text}
                    </time>
                  )}
                  <WrittenWithHelp shown={comment.writtenWithHelp} />
                  {comment.hidden && <p className="moderation-notice">{t('moderation.hidden_comment')}</p>}
                  {gateComment(
                    comment,
                    <TranslatableText
                      className="comment__text"
                      text={comment.text}
                      own={comment.authorId === viewerId}
                    />,
                  )}
                  {commentActions?.(comment)}
                  {comment.authorId !== viewerId && (
                    <Button size="small" onClick={() => setReporting(comment.id)}>
                      {t('report.action')}
                      <span className="visually-hidden">
                        {' '}
                        {t('report.comment_by', { name: comment.authorName })}
                      </span>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {commentBox === 'with-comments' && form}
        </div>
      )}
      {commentBox === 'always' && form}
      {reporting !== undefined && (
        <ReportDialog
          targetType={commentReportType}
          targetId={reporting}
          onClose={() => setReporting(undefined)}
        />
      )}
    </>
  );
}
