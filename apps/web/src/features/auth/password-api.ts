import type { ChangePassword, Detail } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

/** POST /api/auth/request-reset/: the same answer whether or not the address has an account. */
export function requestPasswordReset(email: string, language: string) {
  return apiRequest<Detail>('/auth/request-reset/', {
    method: 'POST',
    body: JSON.stringify({ email, language }),
  });
}

/** POST /api/auth/reset-confirm/: the token comes from the link in the reset e-mail. */
export function confirmPasswordReset(token: string, newPassword: string) {
  return apiRequest<Detail>('/auth/reset-confirm/', {
    method: 'POST',
    body: JSON.stringify({ token, new_password: newPassword }),
  });
}

/** POST /api/change-password/ (signed in): the other sessions end; this one goes on. */
export function changePassword(input: ChangePassword) {
  return apiRequest<Detail>('/change-password/', { method: 'POST', body: JSON.stringify(input) });
}
