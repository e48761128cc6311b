import type { FastifyInstance } from 'fastify';
import type { SupporterScope } from '@juntos/domain';
import { requiresSignIn } from './signed-in';

export type RouteEntry = {
  method: string;
  url: string;
  websocket: boolean;
  /** Runs `requireAuth` (or a check built on it) before its handler: 401 without a token. */
  signedIn: boolean;
  /** Reads a multipart form (`uploadForm`) or says it consumes one. */
  upload: boolean;
  /** What a supporter acting for the member needs to call it (decision 0047); none: never. */
  supporterScope: SupporterScope | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route as registered, one entry per method. Fastify lists its routes only as a
     * printed tree; the fuzz test walks this instead, so a new route is fuzzed without listing it.
     */
    routeTable: readonly RouteEntry[];
  }
}

/** Must run before the first route is registered: `onRoute` sees only the routes added after it. */
export function recordRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const consumes = route.schema?.consumes ?? [];
    for (const method of methods)
      table.push({
        method,
        url: route.url,
        websocket: (route as { websocket?: boolean }).websocket === true,
        signedIn: requiresSignIn(route),
        upload: route.config?.form !== undefined || consumes.includes('multipart/form-data'),
        supporterScope: route.config?.supporterScope,
      });
  });
  app.decorate('routeTable', table);
}
