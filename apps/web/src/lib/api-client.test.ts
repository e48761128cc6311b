import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, RenewalUnavailableError, apiRequest } from './api-client';

vi.mock('./i18n', () => ({ i18n: { resolvedLanguage: 'es' } }));

type Call = { url: string; method: string; authorization: string | null; body: unknown };

function memoryStorage(initial: Record<string, string>) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * A fake API: /api/me answers 200 only to the current access token, /api/token/refresh/ rotates
 * the pair when given the current refresh token.
 */
function fakeServer(options: {
  access: string;
  refresh: string;
  refreshWorks?: boolean;
  /** The refresh request never reaches the server (offline), or the server fails on it. */
  refreshFails?: 'network' | 'server';
  refreshDelayMs?: number;
}) {
  const calls: Call[] = [];
  let { access, refresh } = options;
  let generation = 0;
  const fetchMock = vi.fn(async (input: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      url: input,
      method: init.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body,
    });
    if (input === '/api/token/refresh/') {
      if (options.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs));
      if (options.refreshFails === 'network') throw new TypeError('Failed to fetch');
      if (options.refreshFails === 'server') return json(503, { error: 'Unavailable', code: 'unavailable' });
      const given = (body as { refresh?: string }).refresh;
      if (options.refreshWorks === false || given !== refresh) {
        return json(401, { error: 'Session ended', code: 'invalid_refresh' });
      }
      generation += 1;
      access = `access-${generation}`;
      refresh = `refresh-${generation}`;
      return json(200, { access, refresh });
    }
    if (input === '/api/login/') {
      return json(401, { error: 'Wrong', code: 'invalid_credentials', detail: 'Wrong password' });
    }
    if (headers.get('Authorization') !== `Bearer ${access}`) {
      return json(401, { error: 'Not signed in', code: 'unauthorized' });
    }
    return json(200, { email: 'member@example.org', url: input });
  });
  return { calls, fetchMock };
}

let storage: ReturnType<typeof memoryStorage>;
let assign: ReturnType<typeof vi.fn>;

function setUp(initial: Record<string, string>) {
  storage = memoryStorage(initial);
  assign = vi.fn();
  vi.stubGlobal('window', { localStorage: storage, location: { pathname: '/info', assign } });
}

describe('apiRequest and the session (spec §4 "Session")', () => {
  beforeEach(() => setUp({ access: 'expired', refresh: 'refresh-0' }));
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and the interface language', async () => {
    const server = fakeServer({ access: 'expired', refresh: 'refresh-0' });
    vi.stubGlobal('fetch', server.fetchMock);
    await apiRequest('/me');
    const init = server.fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept-Language')).toBe('es');
    expect(headers.get('Authorization')).toBe('Bearer expired');
  });

  it('takes an address the API gave (a next page) as it is, without a second /api', async () => {
    const server = fakeServer({ access: 'expired', refresh: 'refresh-0' });
    vi.stubGlobal('fetch', server.fetchMock);
    await apiRequest('/api/posts/?offset=5');
    await apiRequest('/posts/');
    expect(server.calls.map((call) => call.url)).toEqual(['/api/posts/?offset=5', '/api/posts/']);
  });

  it('a 401 renews the tokens once, stores both, and repeats the request once', async () => {
    const server = fakeServer({ access: 'current', refresh: 'refresh-0' });
    vi.stubGlobal('fetch', server.fetchMock);
    await expect(apiRequest('/me')).resolves.toMatchObject({ email: 'member@example.org' });
    expect(server.calls.map((call) => call.url)).toEqual(['/api/me', '/api/token/refresh/', '/api/me']);
    expect(server.calls[1]?.body).toEqual({ refresh: 'refresh-0' });
    expect(server.calls[2]?.authorization).toBe('Bearer access-1');
    expect(storage.getItem('access')).toBe('access-1');
    expect(storage.getItem('refresh')).toBe('refresh-1');
    expect(assign).not.toHaveBeenCalled();
  });

  it('concurrent 401s share one refresh request', async () => {
    const server = fakeServer({ access: 'current', refresh: 'refresh-0', refreshDelayMs: 20 });
    vi.stubGlobal('fetch', server.fetchMock);
    const results = await Promise.all([
      apiRequest('/me'),
      apiRequest('/posts/'),
      apiRequest('/gallery/images/'),
    ]);
    expect(results).toHaveLength(3);
    expect(server.calls.filter((call) => call.url === '/api/token/refresh/')).toHaveLength(1);
    expect(storage.getItem('refresh')).toBe('refresh-1');
    expect(assign).not.toHaveBeenCalled();
  });

  it('when the refresh is refused, the tokens are removed and the browser goes to /login', async () => {
    const server = fakeServer({ access: 'current', refresh: 'refresh-0', refreshWorks: false });
    vi.stubGlobal('fetch', server.fetchMock);
    storage.setItem('chat_modal_ack', '1');
    await expect(apiRequest('/me')).rejects.toBeInstanceOf(ApiRequestError);
    expect(storage.getItem('access')).toBeNull();
    expect(storage.getItem('refresh')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
    expect(server.calls.filter((call) => call.url === '/api/me')).toHaveLength(1);
  });

  it.each(['network', 'server'] as const)(
    'a refresh that gets no answer (%s failure) keeps the session: no sign-out, a passing error',
    async (refreshFails) => {
      const server = fakeServer({ access: 'current', refresh: 'refresh-0', refreshFails });
      vi.stubGlobal('fetch', server.fetchMock);
      await expect(apiRequest('/me')).rejects.toBeInstanceOf(RenewalUnavailableError);
      expect(storage.getItem('access')).toBe('expired');
      expect(storage.getItem('refresh')).toBe('refresh-0');
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it('a 401 without a refresh token removes the access token and goes to /login, without a refresh call', async () => {
    setUp({ access: 'expired' });
    const server = fakeServer({ access: 'current', refresh: 'refresh-0' });
    vi.stubGlobal('fetch', server.fetchMock);
    await expect(apiRequest('/me')).rejects.toMatchObject({ status: 401 });
    expect(server.calls.map((call) => call.url)).toEqual(['/api/me']);
    expect(storage.getItem('access')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('a 401 from a session endpoint (wrong password) is the answer itself: no refresh, no redirect', async () => {
    const server = fakeServer({ access: 'current', refresh: 'refresh-0' });
    vi.stubGlobal('fetch', server.fetchMock);
    const failure = apiRequest('/login/', {
      method: 'POST',
      body: JSON.stringify({ email: 'a', password: 'b' }),
    });
    await expect(failure).rejects.toMatchObject({ status: 401, body: { detail: 'Wrong password' } });
    expect(server.calls.map((call) => call.url)).toEqual(['/api/login/']);
    expect(storage.getItem('refresh')).toBe('refresh-0');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('apiRequest while a supporter acts for someone (decision 0047)', () => {
  const acting = (access: string) =>
    JSON.stringify({
      grantId: 4,
      member: { id: 9, nombre: 'Ana' },
      permissions: ['posts'],
      access,
      expiresAt: 0,
    });
  let tab: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage({ access: 'own-access', refresh: 'refresh-0' });
    tab = memoryStorage({ acting: acting('acting-old') });
    assign = vi.fn();
    vi.stubGlobal('window', {
      localStorage: storage,
      sessionStorage: tab,
      location: { pathname: '/feed', assign },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The member's routes answer the current acting token; the grant answers the supporter's own session. */
  function actingServer(grantOpen: boolean) {
    const calls: Call[] = [];
    const fetchMock = vi.fn(async (input: string, init: RequestInit) => {
      const authorization = new Headers(init.headers).get('Authorization');
      calls.push({ url: input, method: init.method ?? 'GET', authorization, body: undefined });
      if (input === '/api/supporting/4/session/') {
        if (authorization !== 'Bearer own-access') return json(401, { error: 'No', code: 'unauthorized' });
        return grantOpen
          ? json(200, {
              access: 'acting-new',
              expires_at: 1,
              member: { id: 9, nombre: 'Ana' },
              permissions: ['posts'],
            })
          : json(404, { error: 'Ended', code: 'not_found' });
      }
      return authorization === 'Bearer acting-new'
        ? json(200, { url: input })
        : json(401, { error: 'Not signed in', code: 'unauthorized' });
    });
    return { calls, fetchMock };
  }

  it('goes with the acting token, renews it with the supporter’s own session, and repeats once', async () => {
    const server = actingServer(true);
    vi.stubGlobal('fetch', server.fetchMock);
    await expect(apiRequest('/posts/')).resolves.toEqual({ url: '/api/posts/' });
    expect(server.calls.map((call) => `${call.url} ${call.authorization}`)).toEqual([
      '/api/posts/ Bearer acting-old',
      '/api/supporting/4/session/ Bearer own-access',
      '/api/posts/ Bearer acting-new',
    ]);
    expect(JSON.parse(tab.getItem('acting') ?? '{}')).toMatchObject({ access: 'acting-new', grantId: 4 });
    // The supporter's own session is untouched.
    expect(storage.getItem('access')).toBe('own-access');
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes back to the supporter’s own account when the help has ended', async () => {
    const server = actingServer(false);
    vi.stubGlobal('fetch', server.fetchMock);
    await expect(apiRequest('/posts/')).rejects.toBeInstanceOf(ApiRequestError);
    expect(tab.getItem('acting')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/ajustes/apoyo?ayuda=terminada');
    expect(storage.getItem('access')).toBe('own-access');
  });
});
