import type { ActivationResponse, Detail } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

export type { ActivationResponse };

/** POST /api/activate/: the 6-digit code e-mailed at sign-up; answers with a session. */
export function activate(email: string, code: string) {
  return apiRequest<ActivationResponse>('/activate/', {
    method: 'POST',
    body: JSON.stringify({ email, code }),
  });
}

/** POST /api/activate/resend/: the same answer whether or not the address has an account. */
export function resendActivationCode(email: string, language: string) {
  return apiRequest<Detail>('/activate/resend/', {
    method: 'POST',
    body: JSON.stringify({ email, language }),
  });
}
