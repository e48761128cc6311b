import { DEFAULT_ACCEPT_LANGUAGE, type ApiError, type TokenPair } from '@juntos/domain';
import { i18n } from './i18n';
import { STORAGE_KEYS, clearStoredTokens, readStoredToken, storeTokens } from './storage-keys';

export const API_BASE = '/api';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | undefined,
  ) {
    super(body?.error ?? `HTTP ${status}`);
    this.name = 'ApiRequestError';
  }
}

/**
 * The calls that start or renew a session. A 401 from one of them is an answer about the
 * credentials just sent (wrong password, expired code), not about the stored session, so it never
 * triggers a token refresh or a sign-out.
 */
const SESSION_ENDPOINTS = new Set([
  '/login/',
  '/register/',
  '/activate/',
  '/activate/resend/',
  '/token/refresh/',
  '/logout/',
  '/auth/request-reset/',
  '/auth/reset-confirm/',
]);

function isSessionEndpoint(path: string): boolean {
  return SESSION_ENDPOINTS.has(path.split('?')[0] ?? path);
}

function baseHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', i18n.resolvedLanguage ?? DEFAULT_ACCEPT_LANGUAGE);
  return headers;
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The error shape of DESIGN.md, checked by hand rather than with zod: this
 * module loads with every page (the session check), and zod stays out of the first bundle.
 */
function asApiError(value: unknown): ApiError | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { error, code, fields, detail } = value as Record<string, unknown>;
  if (typeof error !== 'string' || typeof code !== 'string') return undefined;
  const body: ApiError = { error, code };
  if (typeof detail === 'string') body.detail = detail;
  if (typeof fields === 'object' && fields !== null) {
    body.fields = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return body;
}

function isTokenPair(value: unknown): value is TokenPair {
  if (typeof value !== 'object' || value === null) return false;
  const { access, refresh } = value as Record<string, unknown>;
  return typeof access === 'string' && access !== '' && typeof refresh === 'string' && refresh !== '';
}

let refreshInFlight: Promise<boolean> | undefined;

/**
 * Asks for a new token pair with the stored refresh token and stores both (the server rotates the
 * refresh token at each use). Concurrent callers share one request: a second request with the
 * same refresh token would be a reuse, which the server answers by revoking the whole family.
 */
export function refreshTokens(): Promise<boolean> {
  refreshInFlight ??= (async () => {
    const refresh = readStoredToken(STORAGE_KEYS.refreshToken);
    if (!refresh) return false;
    try {
      const headers = baseHeaders();
      headers.set('Content-Type', 'application/json');
      const response = await fetch(`${API_BASE}/token/refresh/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ refresh }),
        credentials: 'include',
      });
      if (!response.ok) return false;
      const pair = await readPayload(response);
      if (!isTokenPair(pair)) return false;
      storeTokens(pair);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

/** The session is over (no refresh token, or it was refused): forget it and go to sign in. */
function endSessionAndGoToLogin() {
  clearStoredTokens();
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

/**
 * A path under the API: `/posts/` as callers write it, or an address the API gave itself (a page's
 * `next`, a download link), which already starts with `/api/`.
 */
const apiUrl = (path: string) => (path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path}`);

function send(path: string, init: RequestInit, accessToken: string | null): Promise<Response> {
  const headers = baseHeaders(init.headers);
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (init.body && typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  return fetch(apiUrl(path), { ...init, headers, credentials: 'include' });
}

async function sendWithRenewal(path: string, init: RequestInit): Promise<Response> {
  const usedToken = readStoredToken(STORAGE_KEYS.accessToken);
  let response = await send(path, init, usedToken);

  if (response.status === 401 && !isSessionEndpoint(path)) {
    const current = readStoredToken(STORAGE_KEYS.accessToken);
    // Another request may have renewed the tokens while this one was answered: use them as they are.
    const renewed = current !== null && current !== usedToken ? true : await refreshTokens();
    if (renewed) {
      response = await send(path, init, readStoredToken(STORAGE_KEYS.accessToken));
    }
    if (!renewed || response.status === 401) endSessionAndGoToLogin();
  }
  return response;
}

/**
 * Every call to the API: base /api, the bearer token when one is stored, and Accept-Language set
 * to the current interface language (spec §7; fr when none is known yet).
 *
 * Spec §4 "Session": a 401 with a stored refresh token renews the tokens once and repeats the
 * request once; when renewal fails, or no refresh token exists, the tokens are removed and the
 * browser goes to /login (side effect: a full navigation). The error is still thrown to the caller.
 */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await sendWithRenewal(path, init);
  const payload = await readPayload(response);
  if (!response.ok) {
    throw new ApiRequestError(response.status, asApiError(payload));
  }
  return payload as T;
}

/** A file from the API (the member's data copy), with the same session handling as apiRequest. */
export async function apiDownload(path: string): Promise<Blob> {
  const response = await sendWithRenewal(path, {});
  if (!response.ok) throw new ApiRequestError(response.status, asApiError(await readPayload(response)));
  return response.blob();
}
