import fp from 'fastify-plugin';
import { registerCommunityRoutes } from './communities.routes';
import { loadStarterTopics } from './starter-topics';

export { createCommunitiesRepository, type CommunitiesRepository } from './communities.repository';
export { loadStarterTopics } from './starter-topics';
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
  async (app, options) => {
    registerCommunityRoutes(app, options);
    // After the migrations, as the resource directory's seed: a wrong shipped entry stops the
    // start; a database that does not answer only delays the starter set to the next start.
    const starterTopics = loadStarterTopics();
    app.addHook('onReady', async () => {
      try {
        const added = await options.service.addStarterTopics(starterTopics);
        if (added) app.log.info({ added }, 'Starter topic communities added');
      } catch (error) {
        app.log.error(
          { err: error },
          'The starter topic communities could not be added; the next start tries again',
        );
      }
    });
  },
  { name: 'communities' },
);
