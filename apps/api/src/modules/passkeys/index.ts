import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerPasskeyRoutes } from './passkeys.routes';
import type { PasskeysService } from './passkeys.service';

export { createPasskeysRepository } from './passkeys.repository';
export { createPasskeysService, type PasskeysService, type RelyingParty } from './passkeys.service';

export type PasskeysModuleOptions = { service: PasskeysService; requireAuth: RequireAuth };

/** Sign-in without a password (WebAuthn passkeys, issue 21). */
export const passkeysModule = fp<PasskeysModuleOptions>(
  async (app, { service, requireAuth }) => registerPasskeyRoutes(app, service, requireAuth),
  { name: 'passkeys' },
);
