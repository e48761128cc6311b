import compress from '@fastify/compress';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { createDatabaseOutage, type DatabaseOutage } from './lib/database-outage';
import { createSafeguarding } from './db/safeguarding';
import { createAccessTokens } from './lib/access-tokens';
import { createImagePipeline } from './lib/images';
import { batchedStandardOutput } from './lib/log-destination';
import { HEADER_SERIALIZERS, serializeError, serializeRequest } from './lib/log-serializers';
import { createJobQueue, type JobQueue } from './lib/job-queue';
import { createMailer } from './lib/mailer';
import { createLocalMediaStore } from './lib/media-store';
import { registerMetrics } from './lib/metrics';
import { registerMultipart } from './lib/multipart-form';
import { createPrivateMedia } from './lib/private-media';
import { lazyRequestLogger } from './lib/request-logger';
import { upgradeOutcome } from './lib/upgrade-outcome';
import { createRateLimits } from './lib/rate-limiter';
import { createModules } from './modules';
import { systemClock, type Clock } from './lib/clock';
import { shutdownStep } from './lib/shutdown-step';
import { createDiseaseCatalogue } from './modules/diseases';
import { handleFrameworkError, registerErrorHandling } from './plugins/errors';
import { registerInputGate } from './plugins/input-gate';
import { registerOverloadGuard } from './plugins/overload';
import { recordRouteTable } from './plugins/route-table';
import { routeSchemas } from './plugins/route-schemas';
import { registerSecurityHeaders } from './plugins/security-headers';
import { createRealtime, type FanOut } from './realtime';

/**
 * Whether Node handed the request to the server's 'upgrade' listeners rather than its request
 * path: Node's own flag, which `@types/node` leaves out.
 */
const onUpgradePath = (request: FastifyRequest) =>
  (request.raw as IncomingMessage & { upgrade?: boolean }).upgrade === true;

/**
 * One log line per request instead of Fastify's two ("incoming request", then "request
 * completed"): written when the answer has gone, with the request, the status and the time. Half
 * the lines for the same facts keeps the request log, which stays on by default, cheap.
 */
class OneLinePerRequest extends LogController {
  /** Upgrade requests whose line is written: each gets one, whichever way it ends first. */
  private readonly written = new WeakSet<FastifyRequest>();
  /** Upgrade requests that became an open socket (told by `socketOpened`). */
  private readonly opened = new WeakSet<IncomingMessage>();

  /** @param serverClosing whether the app is closing, when `ws` refuses every handshake with 503 */
  constructor(private readonly serverClosing: () => boolean) {
    super();
  }

  /** The WebSocket server opened a socket for this request (app.ts wires its 'connection' event). */
  socketOpened(raw: IncomingMessage) {
    this.opened.add(raw);
  }

  // A socket's upgrade request (the chat) completes when the socket ends, as in nginx's access
  // log: its line is written then, with the time from its arrival. A storm of connections (every
  // member at once after a deploy) writes nothing while it lasts; the line was a tenth of its cost.
  // Only Node's upgrade path (`raw.upgrade`): an ordinary request that merely names an Upgrade
  // header shares its keep-alive connection with others, and a listener per request would pile up.
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (!onUpgradePath(request) || this.isLogDisabled(request)) return;
    request.raw.socket.once('close', () => {
      if (this.written.has(request)) return;
      this.written.add(request);
      const { statusCode, message } = upgradeOutcome({
        opened: this.opened.has(request.raw),
        answered: reply.raw.writableEnded,
        // Fastify counts a hijacked reply as sent, though nothing went through it.
        handedToWs: reply.sent && !reply.raw.writableEnded,
        statusCode: reply.statusCode,
        bytesWritten: request.raw.socket.bytesWritten,
        serverClosing: this.serverClosing(),
      });
      request.server.log.info(
        { reqId: request.id, req: request, res: { statusCode }, responseTime: reply.elapsedTime },
        message,
      );
    });
  }

  // Written by the root logger with the request's id, the fields a request's child would add: the
  // child itself is made only for requests that log lines of their own (lib/request-logger.ts).
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    // An upgrade refused with a status (403, 429, 503) is logged here or, if its socket closed
    // first, by the socket's listener above: once either way.
    if (onUpgradePath(request)) {
      if (this.written.has(request)) return;
      this.written.add(request);
    }
    const line = { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) request.server.log.error({ ...line, err: error }, 'request errored');
    else request.server.log.info(line, 'request completed');
  }
}

/** JSON bodies above this are refused with 413 (uploads go through multipart with their own limit). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export type AppDependencies = {
  /** Another app's database, for tests of several instances on one database. */
  database?: DatabaseHandle;
  /** Where the log lines go instead of standard output: tests read what the server logged. */
  logStream?: { write(line: string): void };
  /** The live chat's clock: tests move it by hand instead of waiting (lib/clock.ts). */
  clock?: Clock;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Notes when the database cannot be reached, and logs the outage once (lib/database-outage.ts). */
    databaseOutage: DatabaseOutage;
    /** Live messages to members' connections: chat, presence, notifications. */
    fanOut: FanOut;
    /** The durable job queue (notification e-mails, digests, push). */
    jobs: JobQueue;
  }
}

/**
 * Builds the whole application without listening, so tests drive it with `inject` or a real port.
 * Order matters: external plugins, then the app's own, then routes; static content last because
 * it owns the not-found handler.
 */
export async function buildApp(config: Config, dependencies?: AppDependencies): Promise<FastifyInstance> {
  const database =
    dependencies?.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.paths.pglite }));

  const { trustProxy } = config;
  // The request log stays on by default, so it has to be cheap: the lines of one event-loop turn
  // go to standard output together, in one write when the turn ends (lib/log-destination.ts). What
  // is still held is written at exit, a fatal one included, and when the app closes. Injected
  // streams (tests) get each line at once.
  const asyncLog =
    dependencies?.logStream || config.logLevel === 'silent' ? undefined : batchedStandardOutput();
  const logDestination = dependencies?.logStream ?? asyncLog;
  // While shutting down, answers to requests still in flight close their keep-alive connection,
  // so the server is not held open by clients that would otherwise reuse it.
  let closing = false;
  const logController = new OneLinePerRequest(() => closing);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Secrets never reach the log, at any level: tokens travel in paths (`/baja/<token>`) and
      // query strings (the chat socket, reset links), which the request serializer replaces with
      // the route's template and parameter names, and in headers, whoever logs them.
      // Errors are logged field by field: a failed query carries the row it was writing.
      // No `redact` paths: the request serializer logs no headers, and a redaction pass cost every
      // request line about 3 % of a no-database answer (issue 36, point 3).
      serializers: { req: serializeRequest, err: serializeError, ...HEADER_SERIALIZERS },
      ...(logDestination ? { stream: logDestination } : {}),
    },
    logController,
    childLoggerFactory: lazyRequestLogger,
    // Fastify gives each plugin 10 s to load. A busy 2-core host (a deploy beside running
    // instances, CI running two suites) took longer to load the API reference's assets and the
    // server then refused to start: a slow start is better than none, and a plugin that truly
    // hangs is still stopped after a minute.
    pluginTimeout: 60_000,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Keep-alive sockets that sit idle are closed at shutdown; requests in flight finish first.
    forceCloseConnections: 'idle',
    // Unset TRUST_PROXY believes no X-Forwarded-For: rate limits key on an address nobody can forge.
    // Fastify 5 refuses a bare hop count (it cannot vouch for the peer), so the count trusts that
    // many hops nearest the server, as Express does; docs/operations.md says when that is safe.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    routerOptions: { ignoreTrailingSlash: false },
    // A path that is not UTF-8 or too long: the router's own errors, in our shape and language.
    frameworkErrors: handleFrameworkError,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  recordRouteTable(app);

  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  // An upgrade answered with a status (a refusal) has no further use for its connection, which
  // Node leaves half-open: the websocket plugin closes it only for refusals after its own hook,
  // so one refused before (the overload guard's 503) kept its socket, a descriptor per refused
  // reconnection, for ever.
  app.addHook('onResponse', (request, _reply, done) => {
    if (onUpgradePath(request)) request.raw.socket.destroy();
    done();
  });

  const databaseOutage = createDatabaseOutage({ ping: () => database.ping(), log: app.log });
  app.decorate('databaseOutage', databaseOutage);
  app.addHook('onClose', async () => databaseOutage.close());
  registerErrorHandling(app);
  registerInputGate(app);
  registerSecurityHeaders(app, { adNetwork: config.ads.client !== undefined });
  // After the headers (a refusal carries them too), before anything that does work for a request.
  await registerOverloadGuard(app, {
    overload: config.overload,
    waitingQueries: () => database.waitingQueries(),
  });
  // Brotli or gzip for text answers (the app's JavaScript, translations, JSON): members on slow
  // mobile connections load the landing page several times faster.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Before any route: the schema compilers and the OpenAPI collector see only routes added after.
  await app.register(routeSchemas);

  // Shared infrastructure. With REDIS_URL, live messages, presence and rate limits are shared
  // by every instance (DESIGN.md). The Redis and S3 clients are imported only when configured:
  // the embedded defaults start without loading either (issue 36).
  const redis = config.redisUrl
    ? (await import('./lib/redis')).connectRedisPair(config.redisUrl, app.log)
    : undefined;
  const { fanOut, presenceStore } = createRealtime({
    redis,
    prefix: config.redisPrefix,
    heartbeatTimeoutMs: config.chat.heartbeatTimeoutMs,
    // Renewed at every sweep: three of them may be missed before its members count as gone, so a
    // dead instance's members go offline within four sweeps (60 s at most; issue 36 point 8c).
    instanceLeaseMs: config.chat.sweepIntervalMs * 3,
    log: app.log,
  });
  app.decorate('fanOut', fanOut);
  const rateLimits = createRateLimits({
    redis: redis?.commands,
    prefix: config.redisPrefix,
    scale: config.rateLimitScale,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db: database.db,
    log: app.log,
    mailDir: config.paths.mail,
  });
  const jobs = createJobQueue({ database, log: app.log, settings: config.jobs, databaseOutage });
  app.decorate('jobs', jobs);
  const s3Store = config.s3
    ? (await import('./lib/s3-media-store')).createS3MediaStore(config.s3)
    : undefined;
  const mediaStore = s3Store ?? createLocalMediaStore(config.paths.media);
  const modules = createModules({
    config,
    database,
    log: app.log,
    mailer,
    mediaStore,
    privateMedia: createPrivateMedia({
      mediaStore,
      secret: config.jwtSecret,
      ttlSeconds: config.mediaUrlTtlSeconds,
    }),
    rateLimits,
    images: createImagePipeline(rateLimits, { queueLimit: config.imageQueueLimit }),
    safeguarding: createSafeguarding(database.db),
    diseases: createDiseaseCatalogue({
      starter: config.paths.starterDiseases,
      imported: config.paths.importedDiseases,
    }),
    accessTokens: createAccessTokens(config.jwtSecret),
    fanOut,
    presenceStore,
    jobs,
    clock: dependencies?.clock ?? systemClock,
  });

  await registerMultipart(app);
  // Registered before the routes, so its response hook times every one of them.
  registerMetrics(app, {
    token: config.metricsToken,
    openSockets: modules.openSockets,
    socketCounts: modules.socketCounts,
    unsentEmails: () => mailer.unsentCount(),
  });
  await app.register(modules.plugin);
  // The request log writes a socket's line when it ends; it learns here that the socket opened.
  app.websocketServer.on('connection', (_socket, raw: IncomingMessage) => logController.socketOpened(raw));

  // Jobs start once the routes are ready (migrations have run by then: server.ts and the tests
  // migrate before `ready`), without holding readiness up: a database away at that moment is the
  // health check's to report, and the queue tries again. They stop before the modules close.
  app.addHook('onReady', async () => jobs.startInBackground());
  if (redis)
    app.addHook('onReady', async () => {
      if (!(await redis.ready(5_000)))
        app.log.warn('Redis is not ready: rate limits are counted by this instance until it is');
    });
  app.addHook('onClose', async () => {
    const step = (name: string, run: () => unknown) => shutdownStep(app.log, name, run);
    await step('the job queue', () => jobs.stop());
    await modules.close();
    s3Store?.close();
    mailer.close();
    await step('the fan-out', () => fanOut.close());
    if (redis)
      await step('Redis', () => Promise.allSettled([redis.subscriber.quit(), redis.commands.quit()]));
    if (!dependencies?.database) await step('the database', () => database.close());
    asyncLog?.close();
  });
  return app;
}
