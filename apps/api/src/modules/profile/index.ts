import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerProfileRoutes } from './profile.routes';
import type { ProfileService } from './profile.service';

export { createProfileRepository } from './profile.repository';
export { createProfileSearchRepository } from './profile-search.repository';
export { createProfileService, type ProfileService } from './profile.service';

export type ProfileModuleOptions = {
  service: ProfileService;
  requireAuth: RequireAuth;
};

/** The member's own profile, other members' profiles as the viewer may see them, and search. */
export const profileModule = fp<ProfileModuleOptions>(
  async (app, { service, requireAuth }) => registerProfileRoutes(app, service, requireAuth),
  { name: 'profile' },
);
