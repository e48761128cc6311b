import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerFriendshipRoutes } from './friendships.routes';
import type { FriendshipsService } from './friendships.service';

export { createFriendshipsRepository, type FriendshipsRepository } from './friendships.repository';
export {
  createFriendshipsService,
  type ChatReportsPort,
  type FriendshipsService,
} from './friendships.service';
export { createReportGate, REPORTS_PER_HOUR, type ReportGate } from './report-gate';

export type FriendshipsModuleOptions = { service: FriendshipsService; requireAuth: RequireAuth };

/** Friend requests, friends, blocks and reports of members and their content. */
export const friendshipsModule = fp<FriendshipsModuleOptions>(
  async (app, { service, requireAuth }) => registerFriendshipRoutes(app, service, requireAuth),
  { name: 'friendships' },
);
