import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * A strict Content-Security-Policy: no inline or foreign script, so a stored script in a post or
 * a profile cannot run, which matters because the tokens live in localStorage (DESIGN.md).
 * Inline style attributes stay allowed: React and the toast library set them, and CSS cannot run
 * code.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
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
