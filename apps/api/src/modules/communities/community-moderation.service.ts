import { AppError, notFound } from '../../lib/app-error';
import type { Moderator } from '../moderation';
import type { CommunityModerationRepository } from './community-moderation.repository';

/**
 * Pinning (issue 18): a community's moderators, and administrators, pin posts to the top of its
 * feed (a welcome post, a rule) and unpin them. A moderator pins in their own age group's space
 * only: a post by a member they may not reach is not found for them, as everywhere else.
 */
export function createCommunityModerationService(deps: {
  repository: CommunityModerationRepository;
  /** The safeguarding rule for one pair (db/safeguarding.ts). */
  mayReach: (viewerId: number, memberId: number) => Promise<boolean>;
}) {
  const { repository } = deps;

  return {
    /** Pins or unpins; the author and whether anything changed (an unchanged pin is not audited). */
    async setPinned(moderator: Moderator, communityId: number, postId: number, pinned: boolean) {
      const { scope } = moderator;
      if (!scope.everything && !scope.communityIds.includes(communityId))
        throw new AppError(403, 'not_your_community', 'moderation.errors.not_your_community');
      const post = await repository.postOf(communityId, postId);
      if (!post || !(scope.everything || (await deps.mayReach(moderator.id, post.authorId))))
        throw notFound('moderation.errors.post_not_in_community');
      const changed = await repository.setPinned(postId, pinned);
      return { authorId: post.authorId, changed };
    },
  };
}

export type CommunityModerationService = ReturnType<typeof createCommunityModerationService>;
