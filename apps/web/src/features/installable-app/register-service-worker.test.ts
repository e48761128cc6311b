import { describe, expect, it, vi } from 'vitest';
import type { ServiceWorkerHost } from './register-service-worker';

// The module reads the page's languages from i18next, which needs a browser to start.
vi.mock('../../lib/i18n', () => ({ i18n: { languages: ['es', 'en'] } }));

const { registerServiceWorker, UPDATE_CHECK_INTERVAL_MS } = await import('./register-service-worker');

class FakeWorker extends EventTarget {
  messages: unknown[] = [];
  constructor(
    public state: string,
    readonly version: string,
  ) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  becomes(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  active: FakeWorker | null = new FakeWorker('activated', 'v1');
  updates = 0;
  update() {
    this.updates += 1;
    return Promise.resolve();
  }
  /** The browser found a new sw.js: it installs, then waits (or activates, on a first install). */
  async deliver(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    this.installing = null;
    this.waiting = worker;
    worker.becomes('installed');
    await settle();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `pageVersion: null`: a page without the version mark. */
function setUp({
  controlled = true,
  pageVersion = 'v1',
}: { controlled?: boolean; pageVersion?: string | null } = {}) {
  const registration = new FakeRegistration();
  const register = vi.fn((_url: string, _options: RegistrationOptions) => Promise.resolve(registration));
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? {} : null,
    ready: Promise.resolve(registration),
    register,
  });
  const offers: (() => void)[] = [];
  const timers: [number, () => void][] = [];
  const reload = vi.fn();
  const host: ServiceWorkerHost = {
    container,
    pageVersion: pageVersion ?? undefined,
    versionOf: (worker) => Promise.resolve((worker as FakeWorker).version),
    loadedFiles: () => ['/locales/es/translation.json', '/img/about.png', '/api/me'],
    offer: (apply) => offers.push(apply),
    reload,
    every: (milliseconds, task) => timers.push([milliseconds, task]),
  };
  return { registration, container, register, host, offers, timers, reload };
}

describe('service worker registration and the update prompt (decision 0020)', () => {
  it('registers /sw.js for the whole site, bypassing the HTTP cache for the worker itself', async () => {
    const { host, register } = setUp();
    await registerServiceWorker(host);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('asks the worker to keep what the page loaded before it was there', async () => {
    const { host, registration } = setUp({ controlled: false });
    await registerServiceWorker(host);
    expect(registration.active?.messages).toEqual([
      { type: 'CACHE_URLS', urls: ['/locales/es/translation.json', '/img/about.png', '/api/me'] },
    ]);
  });

  it('checks for a new release every hour while the page is open', async () => {
    const { host, registration, timers } = setUp();
    await registerServiceWorker(host);
    expect(timers.map(([milliseconds]) => milliseconds)).toEqual([UPDATE_CHECK_INTERVAL_MS]);
    timers[0]![1]();
    expect(registration.updates).toBe(1);
  });

  it('offers nothing on the first install: the page already runs that release', async () => {
    const { host, registration, offers } = setUp({ controlled: false });
    await registerServiceWorker(host);
    await registration.deliver(new FakeWorker('installing', 'v1'));
    expect(offers).toHaveLength(0);
  });

  it('offers a new release once installed; "Update now" hands over, and this page reloads once', async () => {
    const { host, registration, container, offers, reload } = setUp();
    await registerServiceWorker(host);
    const next = new FakeWorker('installing', 'v2');
    await registration.deliver(next);
    expect(offers).toHaveLength(1);
    expect(next.messages).toEqual([]);

    offers[0]!();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a release that was already waiting when the page loaded', async () => {
    const { host, registration, offers } = setUp();
    registration.waiting = new FakeWorker('installed', 'v2');
    await registerServiceWorker(host);
    await settle();
    expect(offers).toHaveLength(1);
  });

  it('offers nothing when the waiting worker holds the release this page already runs', async () => {
    const { host, registration, offers } = setUp({ pageVersion: 'v2' });
    registration.waiting = new FakeWorker('installed', 'v2');
    await registerServiceWorker(host);
    await registration.deliver(new FakeWorker('installing', 'v2'));
    expect(offers).toHaveLength(0);
  });

  it('offers the update when the page cannot tell its own release', async () => {
    const { host, registration, offers } = setUp({ pageVersion: null });
    await registerServiceWorker(host);
    await registration.deliver(new FakeWorker('installing', 'v1'));
    expect(offers).toHaveLength(1);
  });

  it('does not reload when another tab switched releases', async () => {
    const { host, registration, container, reload } = setUp();
    await registerServiceWorker(host);
    await registration.deliver(new FakeWorker('installing', 'v2'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at once when the offered worker is already active (another tab updated first)', async () => {
    const { host, registration, offers, reload } = setUp();
    await registerServiceWorker(host);
    const next = new FakeWorker('installing', 'v2');
    await registration.deliver(next);
    next.becomes('activated');
    offers[0]!();
    expect(next.messages).toEqual([]);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
