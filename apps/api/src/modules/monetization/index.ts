import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerMonetizationRoutes } from './monetization.routes';
import type { MonetizationService } from './monetization.service';

export { createAdSettingsStore, type AdSettingsStore } from './ad-settings';
export { createMonetizationRepository } from './monetization.repository';
export { createMonetizationService, type MonetizationService } from './monetization.service';
export { operatorPayouts } from './payouts';

export type MonetizationModuleOptions = { service: MonetizationService; requireAuth: RequireAuth };

/** The members' ad programme: status, impressions, payment details and withdrawals. */
export const monetizationModule = fp<MonetizationModuleOptions>(
  async (app, { service, requireAuth }) => registerMonetizationRoutes(app, service, requireAuth),
  { name: 'monetization' },
);
