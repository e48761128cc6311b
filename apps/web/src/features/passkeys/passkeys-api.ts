import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { passkeyRoutes, type LoginResponse, type Passkey } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

/**
 * The browser's answer as the plain JSON object the route's schema describes: the library types
 * it with interfaces, which TypeScript does not take for records; the copy is the same JSON.
 */
const plain = ({ response, ...credential }: RegistrationResponseJSON | AuthenticationResponseJSON) => ({
  ...credential,
  response: { ...response },
});

export const passkeyKeys = { list: ['passkeys'] as const };

export const listPasskeys = () => apiCall(passkeyRoutes.list);

export const removePasskey = (id: number) => apiCall(passkeyRoutes.remove, { params: { id } });

/**
 * Adds a passkey: the server checks the password and hands out the options, the browser and the
 * device make the key (asking for the fingerprint, face or screen lock), the server keeps its public half.
 */
export async function addPasskey(password: string, label: string): Promise<Passkey> {
  const ceremony = await apiCall(passkeyRoutes.registrationOptions, { body: { password } });
  const credential = await startRegistration({
    optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return apiCall(passkeyRoutes.register, {
    body: { challenge_id: ceremony.challenge_id, label, credential: plain(credential) },
  });
}

/** Signs in with any passkey of this site the device holds; answers as the password sign-in does. */
export async function signInWithPasskey(): Promise<LoginResponse> {
  const ceremony = await apiCall(passkeyRoutes.signInOptions);
  const credential = await startAuthentication({
    optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return apiCall(passkeyRoutes.signIn, {
    body: { challenge_id: ceremony.challenge_id, credential: plain(credential) },
  });
}

export { isCancelled } from './cancelled';
