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

  // Each method, route and status gets its series once, so no label object is built per request.
  // prom-client still checks and hashes the labels inside each `inc` and `observe`: the hook is
  // about 4 % of a 401 (issue 36, point 3, decision 0049). The keys are bounded by the route table
  // and the status codes.
  type Series = { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof latency.labels> };
  const seriesByKey = new Map<string, Series>();
  const seriesOf = (method: string, route: string, status: number): Series => {
    const key = `${method} ${status} ${route}`;
    let series = seriesByKey.get(key);
    if (!series) {
      series = { count: requests.labels(method, route, String(status)), time: latency.labels(method, route) };
      seriesByKey.set(key, series);
    }
    return series;
  };
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL: ids and query strings would make unbounded labels.
    const series = seriesOf(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
    series.count.inc();
    series.time.observe(reply.elapsedTime / 1000);
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
