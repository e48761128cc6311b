import fp from 'fastify-plugin';
import { registerCommunityModerationRoutes } from './community-moderation.routes';

export { createCommunityModerationRepository } from './community-moderation.repository';
export { createCommunityModerationService } from './community-moderation.service';

export type CommunityModerationOptions = Parameters<typeof registerCommunityModerationRoutes>[1];

/** Pinning by community moderators; registered beside the communities module (modules/index.ts). */
export const communityModerationModule = fp<CommunityModerationOptions>(
  async (app, options) => registerCommunityModerationRoutes(app, options),
  { name: 'community-moderation' },
);
