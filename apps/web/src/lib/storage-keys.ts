/**
 * Every key the web client keeps in the browser (spec §3). The cookie policy lists these;
 * change both together.
 */
export const STORAGE_KEYS = {
  accessToken: 'access',
  refreshToken: 'refresh',
  language: 'i18nextLng',
  loginEmail: 'email',
  chatMessagesPrefix: 'chat_messages_',
  chatModalAcknowledged: 'chat_modal_ack',
} as const;

/** The login marker of spec §2: an access token in localStorage. */
export function hasAccessMarker(): boolean {
  try {
    return !!window.localStorage.getItem(STORAGE_KEYS.accessToken);
  } catch {
    return false;
  }
}
