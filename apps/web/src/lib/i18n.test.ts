import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The module starts i18next when imported: the browser it reads is stubbed first.
const stored = new Map<string, string>();
const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({})));
vi.stubGlobal('fetch', fetchMock);
vi.stubGlobal('window', {
  localStorage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  },
});
vi.stubGlobal('navigator', { language: 'pt-BR', languages: ['pt-BR', 'en-GB'] });
vi.stubGlobal('document', { documentElement: { getAttribute: () => 'es', lang: '', dir: '' } });

let backend: BackendModule;
let detector: LanguageDetectorModule;
beforeAll(async () => {
  const { i18n, i18nReady } = await import('./i18n');
  await i18nReady;
  backend = i18n.modules.backend as BackendModule;
  detector = i18n.modules.languageDetector as LanguageDetectorModule;
});

/**
 * What the backend tells i18next: the error, and whether its connector retries (spec §7). A file
 * read once is kept (easy-read switches without a new request), so each case names its language.
 */
function read(answer: () => Promise<Response>, language = 'es') {
  fetchMock.mockImplementationOnce(answer);
  return new Promise<{ error: unknown; retriable: unknown; url: unknown }>((resolve) => {
    const callback: ReadCallback = (error, data) =>
      resolve({ error, retriable: error ? data : undefined, url: fetchMock.mock.lastCall?.[0] });
    void backend.read(language, 'translation', callback);
  });
}

describe('translation loading (spec §7: server and network failures are retried)', () => {
  it('reads /locales/{lng}/{ns}.json and hands over its content', async () => {
    const result = await read(() => Promise.resolve(Response.json({ hello: 'hola' })));
    expect(result).toMatchObject({ error: null, url: '/locales/es/translation.json' });
  });

  it('retries a server failure and a lost connection, not a missing file or unreadable JSON', async () => {
    expect(await read(() => Promise.resolve(new Response('', { status: 503 })), 'fr')).toMatchObject({
      retriable: true,
    });
    expect(await read(() => Promise.reject(new TypeError('Failed to fetch')), 'fr')).toMatchObject({
      retriable: true,
    });
    expect(await read(() => Promise.resolve(new Response('', { status: 404 })), 'fr')).toMatchObject({
      retriable: false,
    });
    expect(await read(() => Promise.resolve(new Response('{', { status: 200 })), 'fr')).toMatchObject({
      retriable: false,
    });
  });
});

describe('language detection (spec §4 "Language")', () => {
  it('takes the stored choice, then the browser languages by primary code, then the page', () => {
    stored.clear();
    expect(detector.detect()).toEqual(['pt', 'en', 'pt', 'es']);
    stored.set('i18nextLng', 'el');
    expect((detector.detect() as string[])[0]).toBe('el');
  });

  it('stores the language chosen', () => {
    detector.cacheUserLanguage?.('fr');
    expect(stored.get('i18nextLng')).toBe('fr');
  });
});
