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
  /** Session storage: the member this tab helps, while a supporter acts for them (decision 0047). */
  acting: 'acting',
} as const;

type TokenKey = typeof STORAGE_KEYS.accessToken | typeof STORAGE_KEYS.refreshToken;

/** The login marker of spec §2: an access token in localStorage. */
export function hasAccessMarker(): boolean {
  return !!readStoredToken(STORAGE_KEYS.accessToken);
}

export function readStoredToken(key: TokenKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps a new token pair (spec §4 "Session": tokens live in localStorage). */
export function storeTokens(tokens: { access: string; refresh: string }) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, tokens.access);
  window.localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh);
}

export function clearStoredTokens() {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.accessToken);
    window.localStorage.removeItem(STORAGE_KEYS.refreshToken);
    // Acting for someone rests on the supporter's own session: it ends with it.
    window.sessionStorage.removeItem(STORAGE_KEYS.acting);
  } catch {
    // Storage is unavailable: there is nothing stored to remove.
  }
}

/**
 * Spec §4 "Logout": the chat messages kept per friend (chat_messages_*), the chat modal
 * acknowledgement and the tokens. The language, display settings and login e-mail stay.
 */
export function clearSessionStorage() {
  try {
    const chatKeys: string[] = [];
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key?.startsWith(STORAGE_KEYS.chatMessagesPrefix)) chatKeys.push(key);
    }
    chatKeys.forEach((key) => window.localStorage.removeItem(key));
    window.localStorage.removeItem(STORAGE_KEYS.chatModalAcknowledged);
  } catch {
    // Storage is unavailable: there is nothing stored to remove.
  }
  clearStoredTokens();
}

/** After account deletion (spec §7): everything of the session, and the remembered e-mail too. */
export function forgetDeletedAccount() {
  clearSessionStorage();
  try {
    window.localStorage.removeItem(STORAGE_KEYS.loginEmail);
  } catch {
    // Storage is unavailable: there is nothing stored to remove.
  }
}
