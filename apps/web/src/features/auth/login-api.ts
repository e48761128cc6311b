import type { LoginResponse } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

/** POST /api/login/ (spec §7): tokens only when the account is active. */
export function login(email: string, password: string) {
  return apiRequest<LoginResponse>('/login/', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
}
