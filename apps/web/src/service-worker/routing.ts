/**
 * How the service worker answers each request (decision 0020). Pure, so the rule that matters
 * most is tested without a browser: nothing under /api/ or /media/ is ever answered from, or
 * written to, a cache of the worker. API answers hold health data and sessions, and media can be
 * friends-only pictures whose signed address expires; both belong to the server alone.
 *
 * - `page`: a navigation. The network first (the newest release when online); the app shell the
 *   worker installed when the network fails, so the app opens offline.
 * - `precached`: a file of the build the worker installed (hashed scripts, styles, fonts, the shell):
 *   from that cache, which holds exactly this release.
 * - `runtime`: translations, legal documents, landing pictures and disease lists, which the server
 *   fills in or serves outside the build. The network first, and a copy kept for offline use.
 * - `network`: everything else, untouched by the worker: the API, media, the chat socket, other
 *   origins (the ad network), anything but GET.
 */
export type Strategy = 'page' | 'precached' | 'runtime' | 'network';

/** First path segments that belong to the server and are never cached (as static-content.routes.ts). */
const SERVER_OWNED = new Set(['api', 'media', 'ws']);

/** Files kept at run time; an allowlist, so a new kind of answer is never cached by accident. */
export const RUNTIME_PREFIXES = ['/locales/', '/img/', '/enfermedades/'] as const;

export type RequestFacts = { method: string; url: string; mode: string };

/**
 * The first path segment as the server reads it (static-content.routes.ts `firstPathSegment`):
 * decoded, repeatedly, dot segments resolved, `;params` dropped, in lower case. So `/%61pi/…`,
 * `/API/…` or `/locales/..%2Fapi/…` count as the API. Undefined when the path does not decode.
 */
function firstSegment(pathname: string): string | undefined {
  let path = pathname;
  for (let round = 0; round < 3 && path.includes('%'); round++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return undefined;
    }
  }
  // Doubled slashes collapsed first: `//media/…` would otherwise read as a host name.
  const slashes = path.replaceAll('\\', '/').replace(/\/+/g, '/');
  const resolved = new URL(slashes, 'http://path.invalid').pathname;
  return (resolved.split('/').find((part) => part !== '') ?? '').split(';', 1)[0]!.toLowerCase();
}

/** The API, media and the chat socket, or a path that does not decode: never cached. */
export function isServerOwned(pathname: string): boolean {
  const segment = firstSegment(pathname);
  return segment === undefined || SERVER_OWNED.has(segment);
}

export function isRuntimeCached(url: URL, origin: string): boolean {
  return (
    url.origin === origin &&
    !isServerOwned(url.pathname) &&
    RUNTIME_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))
  );
}

export function strategyFor(request: RequestFacts, origin: string, precached: ReadonlySet<string>): Strategy {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin || isServerOwned(url.pathname)) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (!url.search && precached.has(url.pathname)) return 'precached';
  if (isRuntimeCached(url, origin)) return 'runtime';
  return 'network';
}
