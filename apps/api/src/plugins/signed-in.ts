import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
const signedInGuards = new WeakSet<Guard>();

/**
 * Marks a hook that lets only requests with a valid access token through (`requireAuth` and the
 * checks built on it: administrators, moderators). A route that runs one is documented with the
 * bearer security scheme by `plugins/route-schemas.ts` and flagged in the route table, so no
 * route declares its security by hand and none can forget it (issue 32: 84 routes had).
 */
export function signedInOnly<G extends Guard>(guard: G): G {
  signedInGuards.add(guard);
  return guard;
}

const HOOKS_BEFORE_HANDLER = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/** Whether a route runs a `signedInOnly` hook before its handler: it answers 401 without a token. */
export function requiresSignIn(route: Pick<RouteOptions, (typeof HOOKS_BEFORE_HANDLER)[number]>): boolean {
  return HOOKS_BEFORE_HANDLER.some((name) => {
    const hooks: unknown = route[name];
    const list: unknown[] = Array.isArray(hooks) ? hooks : [hooks];
    return list.some((hook) => typeof hook === 'function' && signedInGuards.has(hook as Guard));
  });
}
