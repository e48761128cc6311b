import type { FastifyInstance } from 'fastify';
import type { SupportersService } from './supporters.service';

const READING = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes every change a supporter makes with an acting token to the member's activity list
 * (decision 0047), in one place for every route: a request that read nothing but changed
 * something (not GET), that succeeded, on a route opened by a permission. The route's `:id`
 * names the item. Recorded before the answer leaves: recorded after it, a change the supporter made
 * next could be listed first (two requests' inserts raced, and the list is in insertion order),
 * and the member's list could lag what the supporter already saw done. A failure is logged; the
 * answer goes out as it was.
 */
export function recordActingChanges(app: FastifyInstance, service: Pick<SupportersService, 'recordAction'>) {
  // A callback hook: every answer passes it, and all but a supporter's changes go straight on,
  // without a promise on the hot path.
  app.addHook('onSend', (request, reply, payload, done) => {
    const { supporter } = request;
    const scope = request.routeOptions.config.supporterScope;
    if (!supporter || READING.has(request.method) || reply.statusCode >= 400) return done(null, payload);
    if (scope === undefined || scope === 'any') return done(null, payload);
    const id = Number((request.params as Record<string, unknown> | undefined)?.id);
    service
      .recordAction({
        memberId: request.userId,
        supporterId: supporter.id,
        route: `${request.method} ${request.routeOptions.url ?? request.url}`,
        scope,
        targetId: Number.isSafeInteger(id) && id > 0 ? id : null,
      })
      .catch((error: unknown) =>
        request.log.error({ err: error }, 'A supporter’s action could not be recorded'),
      )
      .finally(() => done(null, payload));
  });
}
