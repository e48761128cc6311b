import type { FastifyInstance } from 'fastify';
import type { SupportersService } from './supporters.service';

const READING = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes every change a supporter makes with an acting token to the member's activity list
 * (decision 0047), in one place for every route: a request that read nothing but changed
 * something (not GET), that succeeded, on a route opened by a permission. The route's `:id`
 * names the item. Recorded after the answer, so it costs the request nothing; a failure is logged.
 */
export function recordActingChanges(app: FastifyInstance, service: Pick<SupportersService, 'recordAction'>) {
  app.addHook('onResponse', async (request, reply) => {
    const { supporter } = request;
    if (!supporter || READING.has(request.method) || reply.statusCode >= 400) return;
    const scope = request.routeOptions.config.supporterScope;
    if (scope === undefined || scope === 'any') return;
    const id = Number((request.params as Record<string, unknown> | undefined)?.id);
    try {
      await service.recordAction({
        memberId: request.userId,
        supporterId: supporter.id,
        route: `${request.method} ${request.routeOptions.url ?? request.url}`,
        scope,
        targetId: Number.isSafeInteger(id) && id > 0 ? id : null,
      });
    } catch (error) {
      request.log.error({ err: error }, 'A supporter’s action could not be recorded');
    }
  });
}
