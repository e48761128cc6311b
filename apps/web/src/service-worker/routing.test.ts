import { describe, expect, it } from 'vitest';
import { isRuntimeCached, strategyFor, type RequestFacts } from './routing';

const ORIGIN = 'https://juntos.example';
const PRECACHED = new Set(['/index.html', '/assets/index-abc123.js', '/favicon.svg']);

const get = (path: string, mode = 'cors'): RequestFacts => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });
const strategy = (request: RequestFacts) => strategyFor(request, ORIGIN, PRECACHED);

describe('service worker routing (decision 0020)', () => {
  it('never answers the API or media from a cache, however the address is spelt', () => {
    const serverOwned = [
      '/api/me',
      '/api/posts/?limit=5&offset=0',
      '/API/me',
      '/%61pi/me',
      '/%2561pi/me',
      '//api/me',
      '/api;v=1/me',
      '/locales/..%2F..%2Fapi/me',
      '/locales/%2E%2E/api/me',
      '/media/users/7/a.webp',
      '/media%2Fusers/7/a.webp',
      '/Media/users/7/a.webp',
      '/ws/chat/?token=x',
      '/%E0%A4%A',
    ];
    for (const path of serverOwned) {
      expect(strategy(get(path)), path).toBe('network');
      // A page opened at such an address (a picture in a new tab) is the server's too.
      expect(strategy(get(path, 'navigate')), `navigate ${path}`).toBe('network');
      expect(isRuntimeCached(new URL(`${ORIGIN}${path}`), ORIGIN), path).toBe(false);
    }
  });

  it('answers navigations network first, with the installed shell as the fallback', () => {
    for (const path of ['/', '/login', '/feed', '/perfil/12?tab=gallery', '/index.html'])
      expect(strategy(get(path, 'navigate')), path).toBe('page');
  });

  it("answers the release's own files from the install, exactly as listed", () => {
    expect(strategy(get('/assets/index-abc123.js'))).toBe('precached');
    expect(strategy(get('/favicon.svg'))).toBe('precached');
    // Another release's file, or one with a query, goes to the network.
    expect(strategy(get('/assets/index-old999.js'))).toBe('network');
    expect(strategy(get('/assets/index-abc123.js?x=1'))).toBe('network');
  });

  it('keeps translations, legal documents, landing pictures and disease lists at run time', () => {
    for (const path of [
      '/locales/es/translation.json',
      '/locales/en/privacy.json',
      '/img/about.png',
      '/enfermedades/enfermedades_es.json',
    ])
      expect(strategy(get(path)), path).toBe('runtime');
  });

  it('leaves alone anything but GET, other origins, and addresses not listed', () => {
    expect(strategy({ method: 'POST', url: `${ORIGIN}/locales/en/translation.json`, mode: 'cors' })).toBe(
      'network',
    );
    expect(strategy({ method: 'HEAD', url: `${ORIGIN}/`, mode: 'navigate' })).toBe('network');
    expect(strategy({ method: 'GET', url: 'https://ads.example/script.js', mode: 'no-cors' })).toBe(
      'network',
    );
    expect(strategy({ method: 'GET', url: 'https://other.example/', mode: 'navigate' })).toBe('network');
    expect(strategy(get('/manifest.webmanifest'))).toBe('network');
    expect(strategy(get('/sw.js'))).toBe('network');
  });
});
