import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActiveMember } from '../../test-support/accounts';
import { completeProfile, photoFile, putProfile } from '../../test-support/profiles';
import { createTestApp } from '../../test-support/test-app';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { firstPathSegment } from './static-content.routes';
import { deleteAccount } from '../../test-support/requests';

const SHELL = `<!doctype html><title>app shell</title>${'<p>shell text</p>'.repeat(100)}`;
const BUNDLE = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};`;
const WORKER = `self.addEventListener('fetch', () => undefined); // ${'worker '.repeat(200)}`;
const MANIFEST = JSON.stringify({ name: 'Juntos', start_url: '/', display: 'standalone' });

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('static content and client-side routing', () => {
  // A stand-in build of the web app, so this test does not depend on `vite build` having run.
  let webDist: string;
  beforeAll(() => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'juntos-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), SHELL);
    writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
    // What the web build writes beside each text file (apps/web/build/precompress.ts).
    writeFileSync(path.join(webDist, 'manifest.webmanifest'), MANIFEST);
    for (const [file, content] of [
      ['index.html', SHELL],
      ['assets/app-def456.js', BUNDLE],
      ['sw.js', WORKER],
    ] as const) {
      writeFileSync(path.join(webDist, file), content);
      writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(content));
      writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(content));
    }
  });
  const world = testAppWithMembers({
    environment: () => ({
      WEB_DIST_DIR: webDist,
      OPERATOR_NAME: 'Asociación Ejemplo',
      OPERATOR_ADDRESS: 'Calle "Mayor" 1, Madrid',
      CONTACT_EMAIL: 'dpo@juntos.test',
    }),
  });

  it('serves translation namespaces per language', async () => {
    for (const url of [
      '/locales/en/translation.json',
      '/locales/el/translation.json',
      '/locales/pl/perfil_funcional.json',
    ]) {
      const response = await world.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(() => response.json()).not.toThrow();
    }
  });

  it('serves the easy-read files, with the contact address filled into the policy summaries (issue 34)', async () => {
    for (const url of ['/locales/de/easy.json', '/locales/pt/easy_perfil_funcional.json'])
      expect((await world.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    for (const url of ['/locales/es/translation.json', '/locales/el/translation.json']) {
      const texts = (await world.app.inject({ method: 'GET', url })).json<{
        legal_summary: { privacy: { ask: string } };
      }>();
      expect(texts.legal_summary.privacy.ask, url).toContain('dpo@juntos.test');
      expect(texts.legal_summary.privacy.ask, url).not.toContain('{{');
    }
  });

  it('refuses unknown languages, files and path tricks with a 404', async () => {
    for (const url of [
      '/locales/xx/translation.json',
      '/locales/en/secret.json',
      '/locales/en/..%2F..%2F..%2Fpackage.json',
      '/locales/en/translation',
    ]) {
      const response = await world.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json' },
      });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('fills the operator details into the legal documents, keeping valid JSON', async () => {
    const response = await world.app.inject({ method: 'GET', url: '/locales/es/legal.json' });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    expect(text).not.toMatch(/\{\{(operator_name|operator_address|contact_email)\}\}/);
    const document = response.json<{ title: string; sections: { body: string; list?: string[] }[] }>();
    const all = document.sections.map((s) => `${s.body} ${(s.list ?? []).join(' ')}`).join(' ');
    expect(all).toContain('Asociación Ejemplo');
    expect(all).toContain('Calle "Mayor" 1, Madrid');
    expect(all).toContain('dpo@juntos.test');
  });

  it('serves the landing images as PNG', async () => {
    for (const name of ['about', 'goal', 'philosophy', 'monetization', 'how', 'protection']) {
      const response = await world.app.inject({ method: 'GET', url: `/img/${name}.png` });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('serves public media from DATA_DIR/media, cacheable; nothing but media keys', async () => {
    const key = 'users/3/0b6e1c62-6f0a-4c4e-9d0e-2f1b8c7d5a10.webp';
    mkdirSync(path.join(world.config.paths.media, 'users', '3'), { recursive: true });
    writeFileSync(path.join(world.config.paths.media, key), 'media file');
    writeFileSync(path.join(world.config.paths.media, 'hello.txt'), 'not a media file');
    const response = await world.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('media file');
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    for (const url of ['/media/hello.txt', '/media/users/3/../../hello.txt', '/media/users/3/missing.webp'])
      expect((await world.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it("a deleted member's picture is a JSON 404 for every Accept and for HEAD, never the app shell", async () => {
    const member = await createActiveMember(world.app);
    const saved = await putProfile(world.app, member.access, completeProfile(), await photoFile());
    const photo = saved.json<{ photo: string | null }>().photo ?? '';
    expect(photo).toMatch(new RegExp(`^/media/users/${member.user.id}/[0-9a-f-]{36}\\.webp$`));
    const before = await world.app.inject({ method: 'GET', url: photo, headers: { accept: 'image/webp' } });
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('public, max-age=86400');

    const deleted = await deleteAccount(world.app, member);
    expect(deleted.statusCode).toBe(200);

    const folder = `/media/users/${member.user.id}/`;
    const spellings = [
      photo,
      `${photo}?v=1`,
      photo.replace('/media/', '/media%2F'),
      photo.replace('/media/', '/media%252F'),
      photo.replace('/media/', '//media/'),
      photo.replace('/media/', '/./media/'),
      photo.replace('/media/', '/Media/'),
      photo.replace('/media/', '/media;v=1/'),
      folder,
      '/media/',
      '/media',
      '/media?x=1',
    ];
    for (const url of spellings)
      for (const method of ['GET', 'HEAD'] as const)
        for (const accept of ['text/html,application/xhtml+xml', '*/*', 'image/webp', undefined]) {
          const response = await world.app.inject({
            method,
            url,
            headers: { ...(accept ? { accept } : {}), 'accept-language': 'de' },
          });
          const label = `${method} ${url} (${accept ?? 'no Accept'})`;
          expect(response.statusCode, label).toBe(404);
          expect(response.headers['content-type'], label).toContain('application/json');
          if (method === 'GET') {
            expect(response.body, label).not.toContain('app shell');
            expect(response.json(), label).toMatchObject({ code: 'not_found' });
            expect(response.json<{ error: string }>().error, label).not.toBe('errors.not_found');
          }
        }
  });

  it('lets caches keep public media for MEDIA_CACHE_SECONDS only', async () => {
    const short = await createTestApp({ MEDIA_CACHE_SECONDS: '600' });
    try {
      const key = 'users/4/7c1b2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.webp';
      mkdirSync(path.join(short.config.paths.media, 'users', '4'), { recursive: true });
      writeFileSync(path.join(short.config.paths.media, key), 'media file');
      const response = await short.app.inject({ method: 'GET', url: `/media/${key}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=600');
    } finally {
      await short.cleanup();
    }
  });

  it('reads the first path segment as a proxy would: decoded, normalised, in any case', () => {
    expect(firstPathSegment('/media/users/7/a.webp')).toBe('media');
    expect(firstPathSegment('/media%2Fusers/7/a.webp')).toBe('media');
    expect(firstPathSegment('/%256Dedia/a.webp')).toBe('media');
    expect(firstPathSegment('//MEDIA/a.webp')).toBe('media');
    expect(firstPathSegment('/feed/../media/a.webp')).toBe('media');
    expect(firstPathSegment('/media;x=1')).toBe('media');
    expect(firstPathSegment('/api?x=1')).toBe('api');
    expect(firstPathSegment('/perfil/12?tab=gallery')).toBe('perfil');
    expect(firstPathSegment('/')).toBe('');
    expect(firstPathSegment('/%E0%A4%A')).toBeUndefined();
  });

  it('answers HTML navigations with the app shell, and hashed assets as immutable', async () => {
    for (const url of ['/', '/feed', '/politica/privacy', '/perfil/12?tab=gallery']) {
      const response = await world.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('app shell');
    }
    const asset = await world.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers a JSON 404 for a missing file requested by a script', async () => {
    const response = await world.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: 'application/javascript' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('sends a built file brotli-compressed when accepted, gzip when only gzip is, the file itself otherwise', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
      ['gzip', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ] as const;
    for (const [accept, expected] of cases) {
      const response = await world.app.inject({
        method: 'GET',
        url: '/assets/app-def456.js',
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      const label = accept ?? 'no Accept-Encoding';
      expect(response.statusCode, label).toBe(200);
      expect(response.headers['content-encoding'], label).toBe(expected);
      expect(response.headers['content-type'], label).toContain('javascript');
      expect(response.headers.vary, label).toContain('Accept-Encoding');
      expect(response.headers['cache-control'], label).toBe('public, max-age=31536000, immutable');
      expect(decoded(expected, response.rawPayload), label).toBe(BUNDLE);
    }
  });

  it('does not compress per request a built file that has no compressed form', async () => {
    const response = await world.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1)');
  });

  it('sends the app shell compressed and never cached, for index.html and every page address', async () => {
    for (const url of ['/index.html', '/', '/feed']) {
      for (const [accept, expected] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const response = await world.app.inject({
          method: 'GET',
          url,
          headers: {
            accept: 'text/html,application/xhtml+xml',
            ...(accept ? { 'accept-encoding': accept } : {}),
          },
        });
        const label = `${url} ${accept ?? 'no Accept-Encoding'}`;
        expect(response.statusCode, label).toBe(200);
        expect(response.headers['cache-control'], label).toBe('no-cache');
        expect(response.headers['content-encoding'], label).toBe(expected);
        expect(response.headers['content-type'], label).toContain('text/html');
        expect(decoded(expected, response.rawPayload), label).toBe(SHELL);
      }
    }
  });

  it('sends the service worker and the manifest to be checked again at every use, never as immutable', async () => {
    // A cached worker would keep members on an old release (decision 0020); the browser also
    // refuses a worker that is not JavaScript.
    const worker = await world.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'br, gzip', 'service-worker': 'script' },
    });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['content-encoding']).toBe('br');
    expect(decoded('br', worker.rawPayload)).toBe(WORKER);
    expect(worker.headers['content-security-policy']).toContain("worker-src 'self'");

    const manifest = await world.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.headers['content-security-policy']).toContain("manifest-src 'self'");
  });

  it('answers translations and legal documents brotli-compressed from the production cache', async () => {
    // Production turns the overload guard on (1 s of event-loop delay); it is not what this test
    // is about, and a machine busy with other tests would trip it.
    const production = await createTestApp({
      NODE_ENV: 'production',
      OPERATOR_NAME: 'Operadora Cache',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_DATABASE_WAITING: '0',
    });
    try {
      const plain = await production.app.inject({ method: 'GET', url: '/locales/es/legal.json' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const text = plain.body;
      expect(text).toContain('Operadora Cache');
      for (let round = 0; round < 2; round++) {
        const response = await production.app.inject({
          method: 'GET',
          url: '/locales/es/legal.json',
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe('br');
        expect(response.headers.vary).toContain('Accept-Encoding');
        expect(response.headers['content-type']).toContain('application/json');
        expect(decoded('br', response.rawPayload)).toBe(text);
      }
      const gzip = await production.app.inject({
        method: 'GET',
        url: '/locales/fr/translation.json',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(() => JSON.parse(decoded('gzip', gzip.rawPayload))).not.toThrow();
    } finally {
      await production.cleanup();
    }
  });
});
