import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerAuthRoutes } from './auth.routes';
import type { AuthService } from './auth.service';

export {
  accountColumns,
  createAuthRepository,
  type AccountRow,
  type AuthRepository,
} from './auth.repository';
export { createAuthService, presentAccount, SIGN_IN_FAILURES_PER_IP, type AuthService } from './auth.service';

export type AuthModuleOptions = { service: AuthService; requireAuth: RequireAuth };

/** Registration, activation, sign-in, sessions, password reset and account deletion. */
export const authModule = fp<AuthModuleOptions>(
  async (app, { service, requireAuth }) => registerAuthRoutes(app, service, requireAuth),
  { name: 'auth' },
);
