import { authRoutes, type ChangePassword, type Language } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

/** POST /api/auth/request-reset/: the same answer whether or not the address has an account. */
export function requestPasswordReset(email: string, language: Language) {
  return apiCall(authRoutes.requestReset, { body: { email, language } });
}

/** POST /api/auth/reset-confirm/: the token comes from the link in the reset e-mail. */
export function confirmPasswordReset(token: string, newPassword: string) {
  return apiCall(authRoutes.confirmReset, { body: { token, new_password: newPassword } });
}

/** POST /api/change-password/ (signed in): the other sessions end; this one goes on. */
export function changePassword(input: ChangePassword) {
  return apiCall(authRoutes.changePassword, { body: input });
}
