import type { ActingSession, SupporterPermission, SupporterScope } from '@juntos/domain';
import { supporterMay } from '@juntos/domain';
import { STORAGE_KEYS, readStoredToken } from './storage-keys';

/**
 * While a supporter acts for a member (decision 0047), this tab holds the acting session: the
 * grant it came from, the member, what the grant allows and the short token. It lives in session
 * storage, so it belongs to one tab and ends with it; the supporter's own tokens stay where they
 * were, and switching back is forgetting this.
 */
export type ActingState = {
  grantId: number;
  member: { id: number; nombre: string };
  permissions: SupporterPermission[];
  access: string;
  expiresAt: number;
};

function isActingState(value: unknown): value is ActingState {
  if (typeof value !== 'object' || value === null) return false;
  const { grantId, member, permissions, access, expiresAt } = value as Record<string, unknown>;
  return (
    typeof grantId === 'number' &&
    typeof member === 'object' &&
    member !== null &&
    typeof (member as { id?: unknown }).id === 'number' &&
    Array.isArray(permissions) &&
    typeof access === 'string' &&
    typeof expiresAt === 'number'
  );
}

/** The acting session of this tab, if a supporter acts for someone here. */
export function readActing(): ActingState | undefined {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEYS.acting);
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return isActingState(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storeActing(grantId: number, session: ActingSession) {
  const state: ActingState = {
    grantId,
    member: session.member,
    permissions: session.permissions,
    access: session.access,
    expiresAt: session.expires_at,
  };
  window.sessionStorage.setItem(STORAGE_KEYS.acting, JSON.stringify(state));
}

export function clearActing() {
  try {
    window.sessionStorage.removeItem(STORAGE_KEYS.acting);
  } catch {
    // Storage is unavailable: nothing is stored to remove.
  }
}

/** The token this tab's requests and socket go with: the acting one while a supporter acts here. */
export const currentAccessToken = () => readActing()?.access ?? readStoredToken(STORAGE_KEYS.accessToken);

/** Whether this tab may use what needs `scope`: always for the member themself. */
export function actingMay(scope: SupporterScope | undefined): boolean {
  const acting = readActing();
  return acting === undefined || supporterMay(acting.permissions, scope);
}

/** Where a supporter lands when they switch back, or when the member ends the help. */
export const SUPPORT_SETTINGS_PATH = '/ajustes/apoyo';

/** Back to the supporter's own account: a full page load, so nothing of the member's stays in memory. */
export function switchBack(reason?: 'ended') {
  clearActing();
  window.location.assign(reason ? `${SUPPORT_SETTINGS_PATH}?ayuda=terminada` : SUPPORT_SETTINGS_PATH);
}
