import { i18n } from '../../lib/i18n';
import { offerUpdate } from './app-update';

/** How often an open page asks whether a new release is out (the browser also asks at each page load). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** What is used of a ServiceWorker, so a test can hand in a stand-in. */
export type WorkerLike = {
  readonly state: string;
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'statechange', listener: () => void): void;
};

export type RegistrationLike = {
  readonly waiting: WorkerLike | null;
  readonly installing: WorkerLike | null;
  readonly active: WorkerLike | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
  update(): Promise<unknown>;
};

/** The browser as the registration sees it (navigator.serviceWorker, the page, the timers). */
export type ServiceWorkerHost = {
  container: {
    readonly controller: unknown;
    readonly ready: Promise<RegistrationLike>;
    register(url: string, options: RegistrationOptions): Promise<RegistrationLike>;
    addEventListener(type: 'controllerchange', listener: () => void): void;
  };
  /** The release this page runs (index.html's `<meta name="juntos-version">`). */
  pageVersion: string | undefined;
  /** The release a worker holds; undefined when it does not say. */
  versionOf(worker: WorkerLike): Promise<string | undefined>;
  /** Addresses this page loaded before the worker controlled it: the worker keeps what it may. */
  loadedFiles(): string[];
  offer(apply: () => void): void;
  reload(): void;
  every(milliseconds: number, task: () => void): void;
};

/**
 * Registers /sw.js and watches for a new release (issue 20, decision 0020).
 *
 * A new worker that finishes installing while this page is controlled is a new release: the page
 * offers "Update now" (app-status-notices.tsx), unless the worker holds the very release this page
 * runs (a page loaded from the network after a deployment, while the old worker still controls
 * it). The offer tells the waiting worker to take over, and this page, only this one, reloads
 * when it has: another open tab keeps what its member is doing.
 */
export async function registerServiceWorker(host: ServiceWorkerHost = browserHost()) {
  const { container } = host;
  // The worker's own file is never taken from the HTTP cache, so a release is seen at once.
  const registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });

  let updateRequested = false;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!updateRequested || reloading) return;
    reloading = true;
    host.reload();
  });

  const consider = async (worker: WorkerLike) => {
    // Without a controller this is the first install: the page already runs this release.
    if (!container.controller) return;
    if (host.pageVersion !== undefined && (await host.versionOf(worker)) === host.pageVersion) return;
    host.offer(() => {
      updateRequested = true;
      if (worker.state === 'installed') worker.postMessage({ type: 'SKIP_WAITING' });
      // Already active (another tab updated first) or replaced by a newer one: a reload gets it.
      else {
        reloading = true;
        host.reload();
      }
    });
  };

  if (registration.waiting) void consider(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed') void consider(installing);
    });
  });
  // A member may keep the app open for days; a failed check (offline) waits for the next one.
  host.every(UPDATE_CHECK_INTERVAL_MS, () => void registration.update().catch(() => undefined));

  const ready = await container.ready;
  ready.active?.postMessage({ type: 'CACHE_URLS', urls: host.loadedFiles() });
}

/** Asks a worker which release it holds; gives up after a few seconds (an old worker may not say). */
function askVersion(worker: WorkerLike): Promise<string | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(() => resolve(undefined), 5000);
    channel.port1.onmessage = (event: MessageEvent<{ version?: unknown } | null>) => {
      window.clearTimeout(timer);
      const version = event.data?.version;
      resolve(typeof version === 'string' ? version : undefined);
    };
    worker.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
  });
}

function browserHost(): ServiceWorkerHost {
  return {
    container: navigator.serviceWorker,
    pageVersion: document.querySelector<HTMLMetaElement>('meta[name="juntos-version"]')?.content,
    versionOf: askVersion,
    // The page's translations (its language and the fallback) and whatever else it fetched first,
    // landing pictures and legal documents included; the worker keeps only what it may.
    loadedFiles: () => [
      ...(i18n.languages ?? []).map((language) => `/locales/${language}/translation.json`),
      ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ],
    offer: offerUpdate,
    reload: () => window.location.reload(),
    every: (milliseconds, task) => void window.setInterval(task, milliseconds),
  };
}
