import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

const AD_NETWORK_SCRIPTS = ['https://pagead2.googlesyndication.com', 'https://*.googlesyndication.com'];
const AD_NETWORK_FRAMES = [
  'https://*.googlesyndication.com',
  'https://*.doubleclick.net',
  'https://*.google.com',
];

/** The helmet configuration the headers were computed by before they were precomputed. */
function helmetOptions(adNetwork: boolean) {
  const ads = (hosts: string[]) => (adNetwork ? hosts : []);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...ads(AD_NETWORK_SCRIPTS)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...ads(['https:'])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...ads(AD_NETWORK_FRAMES)],
        frameSrc: adNetwork ? AD_NETWORK_FRAMES : ["'none'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 15_552_000, includeSubDomains: true },
  };
}

async function headersOf(register: (app: FastifyInstance) => Promise<void> | void) {
  const app = Fastify();
  await register(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw Object.assign(new Error('refused'), { statusCode: 403 });
  });
  const answers = await Promise.all(
    ['/ok', '/fails', '/missing'].map((url) => app.inject({ method: 'GET', url })),
  );
  await app.close();
  return answers.map((answer) => {
    // The date and length differ between runs and bodies; every other header is compared.
    const headers = Object.entries(answer.headers).filter(
      ([name]) => name !== 'date' && name !== 'content-length',
    );
    return { status: answer.statusCode, headers };
  });
}

describe('security headers computed once', () => {
  for (const adNetwork of [false, true]) {
    it(`are exactly helmet's, in its order, on answers, errors and not-found (ads ${adNetwork ? 'on' : 'off'})`, async () => {
      const ours = await headersOf((app) => registerSecurityHeaders(app, { adNetwork }));
      const helmets = await headersOf(async (app) => {
        await app.register(helmet, helmetOptions(adNetwork));
      });
      expect(ours).toEqual(helmets);
      expect(ours.map((answer) => answer.status)).toEqual([200, 403, 404]);
    });
  }

  it('pin the policy without ads', async () => {
    const [answer] = await headersOf((app) => registerSecurityHeaders(app, { adNetwork: false }));
    expect(Object.fromEntries(answer!.headers)).toMatchObject({
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self';connect-src 'self';frame-src 'none';media-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none';manifest-src 'self';worker-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=15552000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });
});
