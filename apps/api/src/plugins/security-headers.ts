import type { FastifyInstance } from 'fastify';

/** The ad network's hosts, allowed only when an ad client is configured (AD_CLIENT). */
const AD_NETWORK_SCRIPTS = ['https://pagead2.googlesyndication.com', 'https://*.googlesyndication.com'];
const AD_NETWORK_FRAMES = [
  'https://*.googlesyndication.com',
  'https://*.doubleclick.net',
  'https://*.google.com',
];

export type SecurityHeaderOptions = { adNetwork: boolean };

/**
 * A strict Content-Security-Policy: no inline or foreign script, so a stored script in a post or
 * a profile cannot run, which matters because the tokens live in localStorage (DESIGN.md).
 * Inline style attributes stay allowed: React and the toast library set them, and CSS cannot run
 * code.
 */
function contentSecurityPolicy({ adNetwork }: SecurityHeaderOptions): string {
  const ads = (hosts: string[]) => (adNetwork ? hosts : []);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...ads(AD_NETWORK_SCRIPTS)]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...ads(['https:'])]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...ads(AD_NETWORK_FRAMES)]],
    ['frame-src', adNetwork ? AD_NETWORK_FRAMES : ["'none'"]],
    ['media-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join(';');
}

/**
 * Every security header of an answer, in the order and spelling helmet used to send them (a test
 * compares them with @fastify/helmet's). The policy depends only on the configuration, so the list
 * is built once at start-up: helmet rebuilt it on every request, which was a visible share of the
 * cost of a short answer (docs/decisions/0019-per-request-cost.md).
 */
export function securityHeaders(options: SecurityHeaderOptions): ReadonlyArray<readonly [string, string]> {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(options)],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    // The site links to external portals; sending only the origin keeps health-related paths private.
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
}

/**
 * Sets the headers on every answer, errors and not-found included, from the first hook on, so
 * nothing answered later can miss them. They go in the reply's own headers, which Fastify hands to
 * `writeHead` at once: setting each on the raw response, as helmet did, checked and stored every
 * header twice per answer (issue 36, point 3). An answer's own header of the same name, set later
 * through `reply.header`, still wins. No route writes to the raw response past Fastify.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions = { adNetwork: false },
) {
  const headers = Object.fromEntries(securityHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
