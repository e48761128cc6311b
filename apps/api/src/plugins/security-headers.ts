import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * A strict Content-Security-Policy: no inline or foreign script, so a stored script in a post or
 * a profile cannot run, which matters because the tokens live in localStorage (DESIGN.md).
 * Inline style attributes stay allowed: React and the toast library set them, and CSS cannot run
 * code.
 */
/** The ad network's hosts, allowed only when an ad client is configured (AD_CLIENT). */
const AD_NETWORK_SCRIPTS = ['https://pagead2.googlesyndication.com', 'https://*.googlesyndication.com'];
const AD_NETWORK_FRAMES = [
  'https://*.googlesyndication.com',
  'https://*.doubleclick.net',
  'https://*.google.com',
];

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { adNetwork: boolean } = { adNetwork: false },
) {
  const ads = (hosts: string[]) => (options.adNetwork ? hosts : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...ads(AD_NETWORK_SCRIPTS)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...ads(['https:'])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...ads(AD_NETWORK_FRAMES)],
        frameSrc: options.adNetwork ? AD_NETWORK_FRAMES : ["'none'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    // The site links to external portals; sending only the origin keeps health-related paths private.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 15_552_000, includeSubDomains: true },
  });
}
