import { authRoutes, type ActivationResponse, type Language } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

export type { ActivationResponse };

/** POST /api/activate/: the 6-digit code e-mailed at sign-up; answers with a session. */
export function activate(email: string, code: string) {
  return apiCall(authRoutes.activate, { body: { email, code } });
}

/** POST /api/activate/resend/: the same answer whether or not the address has an account. */
export function resendActivationCode(email: string, language: Language) {
  return apiCall(authRoutes.resendActivation, { body: { email, language } });
}
