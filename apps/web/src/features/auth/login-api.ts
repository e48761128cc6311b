import { apiRequest } from '../../lib/api-client';

export type LoginResponse = {
  access?: string;
  refresh?: string;
  is_active: boolean;
  profile_complete?: boolean;
  activation_required?: boolean;
};

export function login(email: string, password: string) {
  return apiRequest<LoginResponse>('/login/', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
}
