import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerSupporterRoutes } from './supporters.routes';
import type { SupportersService } from './supporters.service';

export { recordActingChanges } from './acting-activity';
export { createSupportersRepository } from './supporters.repository';
export { createSupportersService, type SupportersService } from './supporters.service';

export type SupportersModuleOptions = { service: SupportersService; requireAuth: RequireAuth };

/** Supporters' grants (issue 37 point 1, decision 0047). */
export const supportersModule = fp<SupportersModuleOptions>(
  async (app, { service, requireAuth }) => registerSupporterRoutes(app, service, requireAuth),
  { name: 'supporters' },
);
