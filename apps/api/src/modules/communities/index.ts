import fp from 'fastify-plugin';
import { registerCommunityRoutes } from './communities.routes';

export { createCommunitiesRepository, type CommunitiesRepository } from './communities.repository';
export { createCommunitiesService, type CommunitiesService } from './communities.service';
export { communityFeedModule } from './community-feed.routes';
export {
  communityModerationModule,
  createCommunityModerationRepository,
  createCommunityModerationService,
} from './community-moderation';

export type CommunitiesModuleOptions = Parameters<typeof registerCommunityRoutes>[1];

/** Disease and topic communities: suggestions, search, membership, member lists, administration. */
export const communitiesModule = fp<CommunitiesModuleOptions>(
  async (app, options) => registerCommunityRoutes(app, options),
  { name: 'communities' },
);
