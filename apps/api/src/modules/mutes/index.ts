import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerMuteRoutes } from './mutes.routes';
import type { MutesService } from './mutes.service';

export { createMutesRepository } from './mutes.repository';
export { createMutesService, type MutesService } from './mutes.service';

export type MutesModuleOptions = { service: MutesService; requireAuth: RequireAuth };

/** Muting members and communities (issue 37 point 3). */
export const mutesModule = fp<MutesModuleOptions>(
  async (app, { service, requireAuth }) => registerMuteRoutes(app, service, requireAuth),
  { name: 'mutes' },
);
