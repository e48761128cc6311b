import { authRoutes, type Registered, type Registration } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

export type RegistrationResponse = Registered;

/** POST /api/register/ (spec §7): the adult or the minor payload, told apart by tipo_registro. */
export function register(body: Registration) {
  return apiCall(authRoutes.register, { body });
}
