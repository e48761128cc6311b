import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { LoginResponse, Passkey, PasskeyCeremony, PasskeyList } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

export const passkeyKeys = { list: ['passkeys'] as const };

export const listPasskeys = () => apiRequest<PasskeyList>('/passkeys/');

export const removePasskey = (id: number) => apiRequest<null>(`/passkeys/${id}/`, { method: 'DELETE' });

/**
 * Adds a passkey: the server checks the password and hands out the options, the browser and the
 * device make the key (asking for the fingerprint, face or screen lock), the server keeps its public half.
 */
export async function addPasskey(password: string, label: string): Promise<Passkey> {
  const ceremony = await apiRequest<PasskeyCeremony>('/passkeys/options/', {
    method: 'POST',
    body: JSON.stringify({ password }),
  });
  const credential = await startRegistration({
    optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return apiRequest<Passkey>('/passkeys/', {
    method: 'POST',
    body: JSON.stringify({ challenge_id: ceremony.challenge_id, label, credential }),
  });
}

/** Signs in with any passkey of this site the device holds; answers as the password sign-in does. */
export async function signInWithPasskey(): Promise<LoginResponse> {
  const ceremony = await apiRequest<PasskeyCeremony>('/login/passkey/options/', { method: 'POST' });
  const credential = await startAuthentication({
    optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return apiRequest<LoginResponse>('/login/passkey/', {
    method: 'POST',
    body: JSON.stringify({ challenge_id: ceremony.challenge_id, credential }),
  });
}

export { isCancelled } from './cancelled';
