import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics at /api/metrics/ (issue "Operating the platform"): requests by route and
 * status, their latency, open chat sockets, e-mails waiting to be sent, and the process's own
 * figures. Each app has its own registry, so tests can build several apps in one process. The
 * endpoint exists only with METRICS_TOKEN, and answers only to `Authorization: Bearer <token>`.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: {
    token: string | undefined;
    openSockets: () => number;
    /** Chat connections accepted and refused, frames handled and refused (realtime/socket-gateway.ts). */
    socketCounts: () => { accepted: number; refused: number; framesHandled: number; framesRefused: number };
    unsentEmails: () => Promise<number>;
  },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'juntos_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'juntos_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'juntos_chat_open_sockets',
    help: 'Chat WebSocket connections open on this instance.',
    registers: [registry],
    collect() {
      this.set(options.openSockets());
    },
  });
  // Read from the gateway's own counts when scraped: a reconnect or frame flood is seen here.
  new Counter({
    name: 'juntos_chat_connections_total',
    help: 'Chat WebSocket connection attempts on this instance, accepted or refused (no or bad token, connection limits).',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      const counts = options.socketCounts();
      this.reset();
      this.inc({ outcome: 'accepted' }, counts.accepted);
      this.inc({ outcome: 'refused' }, counts.refused);
    },
  });
  new Counter({
    name: 'juntos_chat_frames_total',
    help: 'Chat WebSocket frames received on this instance, handled or refused by the frame limit.',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      const counts = options.socketCounts();
      this.reset();
      this.inc({ outcome: 'handled' }, counts.framesHandled);
      this.inc({ outcome: 'refused' }, counts.framesRefused);
    },
  });
  new Gauge({
    name: 'juntos_email_outbox_unsent',
    help: 'E-mails recorded but not (yet) delivered.',
    registers: [registry],
    async collect() {
      this.set(await options.unsentEmails());
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL: ids and query strings would make unbounded labels.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  if (!options.token) return;
  const expected = Buffer.from(`Bearer ${options.token}`);
  // Prometheus text, not JSON: left out of the API reference (docs/operations.md describes it).
  app.get('/api/metrics/', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(401, 'unauthorized', 'errors.unauthorized', {
        headers: { 'www-authenticate': 'Bearer' },
      });
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
