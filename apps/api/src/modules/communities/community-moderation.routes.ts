import type { FastifyInstance } from 'fastify';
import { communityRoutes } from '@juntos/domain';
import { routeServer } from '../../lib/serve-route';
import { auditAs, type RequireModerator } from '../moderation';
import type { CommunityModerationService } from './community-moderation.service';

type Audit = Parameters<typeof auditAs>[0];

/**
 * Pin and unpin (issue 18, docs/api.md "Community moderation"): administrators and the
 * community's moderators; each change is in the audit log with the moderator as its actor.
 */
export function registerCommunityModerationRoutes(
  app: FastifyInstance,
  deps: { service: CommunityModerationService; requireModerator: RequireModerator; audit: Audit },
) {
  const serve = routeServer(app);
  const moderator = { preValidation: deps.requireModerator };

  for (const pinned of [true, false]) {
    serve(pinned ? communityRoutes.pin : communityRoutes.unpin, moderator, async (request) => {
      const { id: communityId, postId } = request.params;
      const { authorId, changed } = await deps.service.setPinned(
        request.moderator,
        communityId,
        postId,
        pinned,
      );
      if (changed)
        await auditAs(deps.audit, request.moderator, {
          action: pinned ? 'post.pin' : 'post.unpin',
          targetType: 'post',
          targetId: postId,
          details: { community_id: communityId, author_id: authorId },
        });
      return { pinned };
    });
  }
}
