/**
 * The service worker (issue 20, decision 0020), served as /sw.js. The web build bundles this file
 * and fills in the list of the release's files and its version (build/service-worker.ts).
 *
 * It keeps two caches: `juntos-shell-<version>`, the release's own files, written at install and
 * dropped with the release; `juntos-runtime`, translations, legal documents, landing pictures and
 * disease lists, refreshed from the network whenever it answers. What each request gets is decided
 * in routing.ts; API answers and media are never cached (they hold health data).
 *
 * A new release installs beside the running one and waits: the page offers "Update now", which
 * posts SKIP_WAITING (features/installable-app/register-service-worker.ts). It never takes over
 * by itself, since the page running could need files of its own release that the new one dropped.
 */
import { isRuntimeCached, strategyFor } from './routing';

declare const self: ServiceWorkerGlobalScope;
/** Root-relative addresses of the release's files, index.html as /index.html (filled in by the build). */
declare const __JUNTOS_PRECACHE__: readonly string[];
/** A hash of those files' contents, also written into index.html as `<meta name="juntos-version">`. */
declare const __JUNTOS_VERSION__: string;

const VERSION = __JUNTOS_VERSION__;
const PRECACHE: ReadonlySet<string> = new Set(__JUNTOS_PRECACHE__);
const SHELL_CACHE = `juntos-shell-${VERSION}`;
const RUNTIME_CACHE = 'juntos-runtime';
const SHELL = '/index.html';
/**
 * How long the network may take before a kept copy answers instead (a weak connection that
 * neither answers nor fails): the fresh answer still updates the copy when it comes.
 */
const NETWORK_TIMEOUT_MS = 4000;

type Message =
  { type: 'SKIP_WAITING' } | { type: 'GET_VERSION' } | { type: 'CACHE_URLS'; urls: readonly string[] };

self.addEventListener('install', (event) => {
  // Every file or none: a release half in the cache would open half a page offline.
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) => cache.addAll([...PRECACHE].map((url) => new Request(url)))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('juntos-shell-') && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      // Navigations start their network request while the worker wakes up.
      await self.registration.navigationPreload?.enable();
      // The first install takes the open page at once, so it is ready offline without a reload.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as Message | null;
  switch (message?.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'GET_VERSION':
      event.ports[0]?.postMessage({ version: VERSION });
      break;
    case 'CACHE_URLS':
      // The translations and pictures the page loaded before the worker was there (first visit).
      event.waitUntil(keepCopies(Array.isArray(message.urls) ? message.urls : []));
      break;
    case undefined:
      break;
  }
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = strategyFor(request, self.location.origin, PRECACHE);
  switch (strategy) {
    case 'page':
      event.respondWith(page(event));
      break;
    case 'precached':
      event.respondWith(precached(request));
      break;
    case 'runtime':
      event.respondWith(runtime(event));
      break;
    case 'network':
      // Not answered here: the browser fetches it as if there were no worker.
      break;
  }
});

/** Only a complete same-origin answer is kept: no error page, no redirect, no partial content. */
const keepable = (response: Response) => response.ok && response.status === 200 && response.type === 'basic';

async function page(event: FetchEvent): Promise<Response> {
  const fromNetwork = (async () => {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? fetch(event.request);
  })();
  try {
    return await withTimeout(fromNetwork, NETWORK_TIMEOUT_MS);
  } catch {
    // Offline, the server unreachable or too slow: the app shell of this release, which routes on
    // its own. Without it (the install never finished), the network's answer after all.
    const shell = await caches.match(SHELL, { cacheName: SHELL_CACHE });
    return shell ?? fromNetwork;
  }
}

async function precached(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE, ignoreVary: true });
  return cached ?? fetch(request);
}

async function runtime(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const cache = await caches.open(RUNTIME_CACHE);
  const fromNetwork = fetch(request).then((response) => {
    if (keepable(response)) event.waitUntil(cache.put(request, response.clone()));
    return response;
  });
  try {
    return await withTimeout(fromNetwork, NETWORK_TIMEOUT_MS);
  } catch (error) {
    const cached = await cache.match(request, { ignoreVary: true });
    if (cached) {
      // The late answer, if any, still refreshes the copy.
      event.waitUntil(fromNetwork.catch(() => undefined));
      return cached;
    }
    // No copy: wait for the network after all, or fail as the browser would have.
    if (error instanceof TimeoutError) return fromNetwork;
    throw error;
  }
}

/** Keeps a copy of the files a page names, when they may be kept and no copy is there yet. */
async function keepCopies(urls: readonly unknown[]) {
  const cache = await caches.open(RUNTIME_CACHE);
  const origin = self.location.origin;
  const addresses = new Set<string>();
  for (const value of urls) {
    if (typeof value !== 'string') continue;
    try {
      const url = new URL(value, origin);
      if (isRuntimeCached(url, origin)) addresses.add(url.href);
    } catch {
      // Not an address: nothing to keep.
    }
  }
  await Promise.all(
    [...addresses].map(async (address) => {
      if (await cache.match(address, { ignoreVary: true })) return;
      try {
        const response = await fetch(address);
        if (keepable(response)) await cache.put(address, response);
      } catch {
        // Offline now: the copy is made the next time the page loads the file through the worker.
      }
    }),
  );
}

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError()), milliseconds);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** What a push carries (issue 20): the product's name, "N new notifications", where to go. */
type PushMessage = { title: string; body: string; url: string };

/**
 * A push from the platform: shown as one notification that replaces the previous one (the same
 * tag), so a member away for a day finds one line with the latest count, not a pile. The text was
 * written by the server in the member's language and names nobody.
 */
self.addEventListener('push', (event) => {
  let message: PushMessage;
  try {
    message = event.data?.json() as PushMessage;
  } catch {
    return;
  }
  if (!message?.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: 'juntos-notifications',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

/** A tap on it opens the centre in a tab of the app already open, or in a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? '/notificaciones',
    self.location.origin,
  );
  // Only the app's own pages: the address came from the push, which only the server can send.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === url.origin);
      if (open) {
        await open.focus();
        await open.navigate(url.href);
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
