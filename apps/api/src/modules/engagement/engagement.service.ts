import { writtenBy } from '../../db/acting-viewer';
import type { CommentForm } from '@juntos/domain';
import { warningColumns } from '../../lib/content-warning';
import type { ContentKind } from './content-kinds';
import type { CommentWindow, EngagementRepository } from './engagement.repository';

/**
 * Throws (the owner's "not found", or its "forbidden") unless the member may see, like and
 * comment on that piece of content. Each kind has its own rule: a post follows the safeguarding
 * rule, a community's post also asks for membership, a gallery image asks for friendship.
 */
export type EngagementGuard<Content> = (viewerId: number, contentId: number) => Promise<Content>;

/**
 * Told after a like (not an unlike) or a comment is stored, with what the guard answered, so the
 * owning module can tell the content's owner (notifications, issue 20).
 */
export type EngagementListener<Content> = (
  action: 'like' | 'comment',
  actorId: number,
  content: Content,
  /** A comment's words (the reader's keyword filters may silence it). */
  words?: string,
) => Promise<void>;

/**
 * Likes and comments on one kind of content behind its owner's access check. A module that
 * publishes a new kind of content creates one of these; it writes no like or comment code.
 * Reading the comments and answering follow the same rule: whoever may read an answer names the
 * people who wrote it, so a kind whose readers were more than its answerers would show its
 * answerers to outsiders.
 */
export function createEngagementService<Content>(
  repository: EngagementRepository,
  kind: ContentKind,
  guard: EngagementGuard<Content>,
  engaged: EngagementListener<Content> = async () => undefined,
) {
  return {
    toggleLike: async (userId: number, contentId: number) => {
      const content = await guard(userId, contentId);
      const { liked, total } = await repository.toggleLike(kind, contentId, userId);
      if (liked) await engaged('like', userId, content);
      return { liked, total_likes: total };
    },

    comment: async (userId: number, contentId: number, form: CommentForm) => {
      const content = await guard(userId, contentId);
      const comment = await repository.addComment(kind, contentId, userId, {
        text: form.text,
        ...warningColumns(form),
        ...writtenBy(userId),
      });
      await engaged('comment', userId, content, form.text);
      return comment;
    },

    /** The comments of one piece of content, after the access check. */
    comments: async (viewerId: number, contentId: number, window: CommentWindow) => {
      await guard(viewerId, contentId);
      return repository.commentsOf(kind, viewerId, [contentId], window);
    },

    /** The comments of a page of content the viewer was already shown (no second check). */
    commentsOf: (viewerId: number, contentIds: number[], window: CommentWindow) =>
      repository.commentsOf(kind, viewerId, contentIds, window),
  };
}

export type EngagementService<Content = unknown> = ReturnType<typeof createEngagementService<Content>>;
