import { ApiErrorSchema, DEFAULT_ACCEPT_LANGUAGE, type ApiError } from '@juntos/domain';
import { i18n } from './i18n';
import { STORAGE_KEYS } from './storage-keys';

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
 * Every call to the API: base /api, the bearer token when one is stored, and Accept-Language set
 * to the current interface language (spec §7; fr when none is known yet).
 */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', i18n.resolvedLanguage ?? DEFAULT_ACCEPT_LANGUAGE);
  const token = window.localStorage.getItem(STORAGE_KEYS.accessToken);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (init.body && typeof init.body === 'string') headers.set('Content-Type', 'application/json');

  const response = await fetch(`${API_BASE}${path}`, { ...init, headers, credentials: 'include' });
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(payload);
    throw new ApiRequestError(response.status, parsed.success ? parsed.data : undefined);
  }
  return payload as T;
}
