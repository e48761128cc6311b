import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema, COMMUNITY_PIN_ROUTES, CommunityPostParams, PostPinSchema } from '@juntos/domain';
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
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const moderator = { preValidation: deps.requireModerator };
  const tags = ['communities', 'moderation'];
  const responses = {
    200: PostPinSchema,
    401: ApiErrorSchema,
    403: ApiErrorSchema,
    404: ApiErrorSchema,
  };

  for (const pinned of [true, false]) {
    typed.post(
      pinned ? COMMUNITY_PIN_ROUTES.pin : COMMUNITY_PIN_ROUTES.unpin,
      {
        ...moderator,
        schema: {
          tags,
          summary: pinned
            ? 'Pin a post of the community to the top of its feed (its moderators and administrators)'
            : 'Unpin a post of the community (its moderators and administrators)',
          params: CommunityPostParams,
          response: responses,
        },
      },
      async (request) => {
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
      },
    );
  }
}
