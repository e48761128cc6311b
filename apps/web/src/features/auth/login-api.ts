import { authRoutes } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

/** POST /api/login/ (spec §7): tokens only when the account is active. */
export function login(email: string, password: string) {
  return apiCall(authRoutes.login, { body: { email, password } });
}
