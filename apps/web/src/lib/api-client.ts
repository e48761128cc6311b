import {
  DEFAULT_ACCEPT_LANGUAGE,
  type ApiError,
  type RouteAnswer,
  type RouteBody,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
  type ActingSession,
  type TokenPair,
  routePath,
} from '@juntos/domain';
import { readActing, storeActing, switchBack } from './acting-session';
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
  const bare = path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path;
  return SESSION_ENDPOINTS.has(bare.split('?')[0] ?? bare);
}

function baseHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', i18n.resolvedLanguage ?? DEFAULT_ACCEPT_LANGUAGE);
  return headers;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

const readPayload = async (response: Response): Promise<unknown> => parseJson(await response.text());

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

/**
 * The server's words when a supporter acting for a member asked for something the grant does not
 * allow (403 `supporter_not_allowed`): shown instead of a load failure, which trying again would
 * not mend.
 */
export function supporterRefusalText(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.body?.code === 'supporter_not_allowed'
    ? error.body.error
    : undefined;
}

/**
 * What asking for new tokens came to: a new pair, a refusal (the refresh token is spent or
 * revoked: the session is over), or no answer from the server (offline, or a server fault), which
 * says nothing about the session: it is kept, and renewed when the server answers again.
 */
export type Renewal = 'renewed' | 'refused' | 'unavailable';

let refreshInFlight: Promise<Renewal> | undefined;

/**
 * Asks for a new token pair with the stored refresh token and stores both (the server rotates the
 * refresh token at each use). Concurrent callers share one request: a second request with the
 * same refresh token would be a reuse, which the server answers by revoking the whole family.
 */
export function refreshTokens(): Promise<Renewal> {
  refreshInFlight ??= (async (): Promise<Renewal> => {
    const refresh = readStoredToken(STORAGE_KEYS.refreshToken);
    if (!refresh) return 'refused';
    let response: Response;
    try {
      const headers = baseHeaders();
      headers.set('Content-Type', 'application/json');
      response = await fetch(`${API_BASE}/token/refresh/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ refresh }),
        credentials: 'include',
      });
    } catch {
      return 'unavailable';
    }
    // A 5xx (or a proxy's 502 while the server restarts) is no verdict on the refresh token.
    if (response.status >= 500) return 'unavailable';
    if (!response.ok) return 'refused';
    let pair: unknown;
    try {
      pair = await readPayload(response);
    } catch {
      return 'unavailable';
    }
    if (!isTokenPair(pair)) return 'refused';
    storeTokens(pair);
    return 'renewed';
  })().finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

/**
 * The server could not be asked for new tokens (offline, or a server fault): thrown instead of
 * the 401, so callers treat it as they treat a failed fetch, a passing failure, and the session
 * stays (a member offline must not be shown the sign-in form, issue 34).
 */
export class RenewalUnavailableError extends Error {
  constructor() {
    super('The session could not be renewed: the server did not answer.');
    this.name = 'RenewalUnavailableError';
  }
}

/**
 * Set while the member signs out (session.ts `endSession`): that sign-out opens /login itself
 * when it is done, and a request it overtook (the bell, read as the page opened) is refused
 * once the session is revoked; it must not load the page again under the sign-out.
 */
let signingOut = false;
export function markSigningOut() {
  signingOut = true;
}

/** The session is over (no refresh token, or it was refused): forget it and go to sign in. */
function endSessionAndGoToLogin() {
  clearStoredTokens();
  if (!signingOut && window.location.pathname !== '/login') window.location.assign('/login');
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

let actingRenewal: Promise<Renewal> | undefined;

/**
 * A new acting token, asked for with the supporter's own session (itself renewed as usual). A
 * refusal means the help ended (the member ended it, or blocked): the tab goes back to the
 * supporter's own account. Concurrent callers share one request.
 */
export function renewActing(): Promise<Renewal> {
  actingRenewal ??= (async (): Promise<Renewal> => {
    const acting = readActing();
    if (!acting) return 'refused';
    const path = `/supporting/${acting.grantId}/session/`;
    let response: Response;
    try {
      response = await withOwnRenewal(path, (accessToken) => send(path, { method: 'POST' }, accessToken));
    } catch {
      return 'unavailable';
    }
    if (response.status >= 500) return 'unavailable';
    const session = response.ok ? await readPayload(response) : undefined;
    if (!isActingSession(session)) {
      switchBack('ended');
      return 'refused';
    }
    storeActing(acting.grantId, session);
    return 'renewed';
  })().finally(() => {
    actingRenewal = undefined;
  });
  return actingRenewal;
}

function isActingSession(value: unknown): value is ActingSession {
  if (typeof value !== 'object' || value === null) return false;
  const { access, expires_at: expiresAt, member, permissions } = value as Record<string, unknown>;
  return (
    typeof access === 'string' &&
    typeof expiresAt === 'number' &&
    typeof member === 'object' &&
    Array.isArray(permissions)
  );
}

/** Renews whichever session this tab uses: the acting one, or the member's own. */
export const renewCurrentSession = () => (readActing() ? renewActing() : refreshTokens());

/**
 * Sends once with the tab's token; on a 401, renews that session once and sends again (see
 * apiRequest). While acting, every call but the session endpoints goes with the acting token.
 */
function withRenewal<Answer extends { status: number }>(
  path: string,
  sendWith: (accessToken: string | null) => Promise<Answer>,
): Promise<Answer> {
  return readActing() && !isSessionEndpoint(path)
    ? withActingRenewal(sendWith)
    : withOwnRenewal(path, sendWith);
}

async function withActingRenewal<Answer extends { status: number }>(
  sendWith: (accessToken: string | null) => Promise<Answer>,
): Promise<Answer> {
  const usedToken = readActing()?.access ?? null;
  const answer = await sendWith(usedToken);
  if (answer.status !== 401) return answer;
  const current = readActing()?.access ?? null;
  const renewal = current !== null && current !== usedToken ? 'renewed' : await renewActing();
  if (renewal === 'unavailable') throw new RenewalUnavailableError();
  return renewal === 'renewed' ? sendWith(readActing()?.access ?? null) : answer;
}

/** The member's own session: sends with the stored token, renews it once on a 401. */
async function withOwnRenewal<Answer extends { status: number }>(
  path: string,
  sendWith: (accessToken: string | null) => Promise<Answer>,
): Promise<Answer> {
  const usedToken = readStoredToken(STORAGE_KEYS.accessToken);
  let answer = await sendWith(usedToken);

  if (answer.status === 401 && !isSessionEndpoint(path)) {
    const current = readStoredToken(STORAGE_KEYS.accessToken);
    // Another request may have renewed the tokens while this one was answered: use them as they are.
    const renewal = current !== null && current !== usedToken ? 'renewed' : await refreshTokens();
    // Only a refusal ends the session; without an answer the tokens stay for the next try.
    if (renewal === 'unavailable') throw new RenewalUnavailableError();
    if (renewal === 'renewed') {
      answer = await sendWith(readStoredToken(STORAGE_KEYS.accessToken));
    }
    if (renewal === 'refused' || answer.status === 401) endSessionAndGoToLogin();
  }
  return answer;
}

const sendWithRenewal = (path: string, init: RequestInit) =>
  withRenewal(path, (accessToken) => send(path, init, accessToken));

/**
 * Every call to the API: base /api, the bearer token when one is stored, and Accept-Language set
 * to the current interface language (spec §7; fr when none is known yet).
 *
 * Spec §4 "Session": a 401 with a stored refresh token renews the tokens once and repeats the
 * request once; when the server refuses the renewal, or no refresh token exists, the tokens are
 * removed and the browser goes to /login (side effect: a full navigation). The error is still
 * thrown to the caller. A renewal the server did not answer keeps the tokens and throws
 * RenewalUnavailableError, as a failed fetch throws its TypeError.
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

/** How much of an upload has been sent, from 0 to 1. */
export type UploadProgress = (sentFraction: number) => void;

/**
 * One multipart request through XMLHttpRequest, the only browser API that reports how much of a
 * request body has been sent (fetch reports the answer's progress, not the upload's).
 */
function sendMultipart(
  path: string,
  method: string,
  body: FormData,
  accessToken: string | null,
  onProgress: UploadProgress | undefined,
): Promise<{ status: number; payload: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, apiUrl(path));
    request.withCredentials = true;
    baseHeaders().forEach((value, name) => request.setRequestHeader(name, value));
    if (accessToken) request.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    request.addEventListener('load', () =>
      resolve({ status: request.status, payload: parseJson(request.responseText) }),
    );
    // The same error fetch throws when the network fails, so callers handle both alike.
    request.addEventListener('error', () => reject(new TypeError('Failed to fetch')));
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was aborted.', 'AbortError')),
    );
    // The bar shows from the first byte: a small body may report nothing before it is all sent.
    onProgress?.(0);
    request.send(body);
  });
}

/**
 * A multipart upload (an image with its form fields) with the session handling of apiRequest,
 * reporting the share of the body sent so far to `onProgress`. A renewed session sends the body
 * again, so progress may start over once.
 */
export async function apiUpload<T>(
  path: string,
  {
    method,
    body,
    onProgress,
  }: { method: 'POST' | 'PUT' | 'PATCH'; body: FormData; onProgress?: UploadProgress },
): Promise<T> {
  const answer = await withRenewal(path, (accessToken) =>
    sendMultipart(path, method, body, accessToken, onProgress),
  );
  if (answer.status < 200 || answer.status >= 300) {
    throw new ApiRequestError(answer.status, asApiError(answer.payload));
  }
  return answer.payload as T;
}

/** What a call of `route` takes: each part the definition declares, and nothing it does not. */
export type CallInput<D extends RouteDefinition> = (RouteParams<D> extends undefined
  ? { params?: undefined }
  : { params: RouteParams<D> }) &
  (RouteQuery<D> extends undefined ? { query?: undefined } : { query?: RouteQuery<D> }) &
  (RouteBody<D> extends undefined ? { body?: undefined } : { body: RouteBody<D> }) & {
    /** An upload's progress (routes with a form only): see apiUpload. */
    onProgress?: UploadProgress | undefined;
  };

/** The input is optional when the route takes nothing that is required. */
type CallArguments<D extends RouteDefinition> =
  RouteParams<D> extends undefined
    ? RouteBody<D> extends undefined
      ? [input?: CallInput<D>]
      : [input: CallInput<D>]
    : [input: CallInput<D>];

type Scalar = string | number | boolean | null | undefined;

/** A route's address with its parameters and query; a query field left undefined is not sent. */
export function routeUrl<D extends RouteDefinition>(
  route: D,
  input: { params?: unknown; query?: unknown } = {},
): string {
  const path = routePath(route, input.params as RouteParams<D>);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, Scalar>)) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function formData(
  body: { fields: Record<string, string | undefined>; file?: Blob | undefined },
  fileField: string,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(body.fields)) if (value !== undefined) form.append(name, value);
  if (body.file) form.append(fileField, body.file);
  return form;
}

/**
 * Calls one route of the typed route table (`@juntos/domain`, decision 0036): the path is built
 * from `params`, the query from `query`, the body sent as JSON, or as a multipart form for an
 * upload route; the session handling is apiRequest's. The answer's type is the route's declared
 * 2xx answer: the server serializes every answer through that schema (an answer that does not
 * fit is a 500), so the payload is trusted here and not parsed again, which keeps zod out of the
 * client's hot path.
 */
export async function apiCall<D extends RouteDefinition>(
  route: D,
  ...[input]: CallArguments<D>
): Promise<RouteAnswer<D>> {
  const url = routeUrl(route, input);
  const body: unknown = input?.body;
  if (route.form) {
    const form = formData(body as Parameters<typeof formData>[0], route.form.file);
    const method = route.method as 'POST' | 'PUT' | 'PATCH';
    const onProgress = input?.onProgress;
    // Only the XMLHttpRequest path reports upload progress; without a listener, fetch does.
    if (onProgress) return apiUpload<RouteAnswer<D>>(url, { method, body: form, onProgress });
    return apiRequest<RouteAnswer<D>>(url, { method, body: form });
  }
  return apiRequest<RouteAnswer<D>>(url, {
    method: route.method,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

/**
 * The next page of a paged route: `next` is the address the API gave in its previous answer
 * (`{results, next}`), which already holds the query; the answer has the route's type.
 */
export const apiNextPage = <D extends RouteDefinition & { method: 'GET' }>(_route: D, next: string) =>
  apiRequest<RouteAnswer<D>>(next);
