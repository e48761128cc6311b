import type { Registered, Registration } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

export type RegistrationResponse = Registered;

/** POST /api/register/ (spec §7): the adult or the minor payload, told apart by tipo_registro. */
export function register(body: Registration) {
  return apiRequest<RegistrationResponse>('/register/', { method: 'POST', body: JSON.stringify(body) });
}
