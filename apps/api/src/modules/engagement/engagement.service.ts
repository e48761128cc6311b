import type { ContentKind } from './content-kinds';
import type { CommentWindow, EngagementRepository } from './engagement.repository';

/**
 * Throws (the owner's "not found", or its "forbidden") unless the member may see, or like and
 * comment on, that piece of content. Each kind has its own rule: a post follows the safeguarding
 * rule, a community's post also asks for membership to answer, a gallery image asks for friendship.
 */
export type EngagementGuard = (viewerId: number, contentId: number) => Promise<unknown>;

/**
 * Likes and comments on one kind of content behind its owner's access checks. A module that
 * publishes a new kind of content creates one of these; it writes no like or comment code.
 * `maySee` guards reading its comments; `mayEngage` (by default the same rule) guards liking and
 * commenting, for content that more members may read than may answer (a community's posts are
 * read by everyone in the age group, answered by its members only).
 */
export function createEngagementService(
  repository: EngagementRepository,
  kind: ContentKind,
  maySee: EngagementGuard,
  mayEngage: EngagementGuard = maySee,
) {
  return {
    toggleLike: async (userId: number, contentId: number) => {
      await mayEngage(userId, contentId);
      const { liked, total } = await repository.toggleLike(kind, contentId, userId);
      return { liked, total_likes: total };
    },

    comment: async (userId: number, contentId: number, text: string) => {
      await mayEngage(userId, contentId);
      return repository.addComment(kind, contentId, userId, text);
    },

    /** The comments of one piece of content, after the access check. */
    comments: async (viewerId: number, contentId: number, window: CommentWindow) => {
      await maySee(viewerId, contentId);
      return repository.commentsOf(kind, viewerId, [contentId], window);
    },

    /** The comments of a page of content the viewer was already shown (no second check). */
    commentsOf: (viewerId: number, contentIds: number[], window: CommentWindow) =>
      repository.commentsOf(kind, viewerId, contentIds, window),
  };
}

export type EngagementService = ReturnType<typeof createEngagementService>;
