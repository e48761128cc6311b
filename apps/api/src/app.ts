import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { createSafeguarding } from './db/safeguarding';
import { createLocalMediaStore } from './lib/media-store';
import { createPrivateMedia } from './lib/private-media';
import { createS3MediaStore } from './lib/s3-media-store';
import { createMailer } from './lib/mailer';
import { createImagePipeline } from './lib/images';
import { createRateLimits } from './lib/rate-limiter';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createAccessTokens } from './modules/auth/tokens';
import { registerHealthRoutes } from './modules/health/health.routes';
import { createDiseaseCatalogue } from './modules/diseases/disease-catalogue';
import { createDiseasesRepository } from './modules/diseases/diseases.repository';
import { registerDiseaseRoutes } from './modules/diseases/diseases.routes';
import { createFunctionalProfileRepository } from './modules/functional-profile/functional-profile.repository';
import { registerFunctionalProfileRoutes } from './modules/functional-profile/functional-profile.routes';
import { createProfileRepository } from './modules/profile/profile.repository';
import { registerProfileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { createWordCloudRepository } from './modules/word-cloud/word-cloud.repository';
import { registerWordCloudRoutes } from './modules/word-cloud/word-cloud.routes';
import { createWordCloudService, type WordCloudService } from './modules/word-cloud/word-cloud.service';
import { registerMultipart } from './lib/multipart-form';
import { createAdminRepository } from './modules/admin/admin.repository';
import { registerAdminRoutes } from './modules/admin/admin.routes';
import { createRequireAdmin } from './modules/admin/require-admin';
import { createMinorReviewRepository } from './modules/minor-review/minor-review.repository';
import { registerMinorReviewRoutes } from './modules/minor-review/minor-review.routes';
import { createModerationRepository } from './modules/moderation/moderation.repository';
import { registerModerationRoutes } from './modules/moderation/moderation.routes';
import { createModerationService } from './modules/moderation/moderation.service';
import { createDataExportRepository } from './modules/data-export/data-export.repository';
import { registerDataExportRoutes } from './modules/data-export/data-export.routes';
import { createDataExportService } from './modules/data-export/data-export.service';
import { createMonetizationRepository } from './modules/monetization/monetization.repository';
import { registerMonetizationRoutes } from './modules/monetization/monetization.routes';
import { createMonetizationService } from './modules/monetization/monetization.service';
import { operatorPayouts } from './modules/monetization/payouts';
import { createAdSettingsStore } from './modules/monetization/ad-settings';
import { createFriendshipsRepository } from './modules/friendships/friendships.repository';
import { registerFriendshipRoutes } from './modules/friendships/friendships.routes';
import { createFriendshipsService } from './modules/friendships/friendships.service';
import { createProfileSearchRepository } from './modules/profile/profile-search.repository';
import { createInProcessFanOut, sessionEnded, type FanOut } from './lib/fan-out';
import { registerMetrics } from './lib/metrics';
import { serializeRequest } from './lib/log-serializers';
import { connectRedis } from './lib/redis';
import { createRedisFanOut } from './lib/redis-fan-out';
import { createChatRepository } from './modules/chat/chat.repository';
import { registerChatRoutes } from './modules/chat/chat.routes';
import { createChatService } from './modules/chat/chat.service';
import { registerChatSocket } from './modules/chat/chat.socket';
import { createInMemoryPresenceStore, createRedisPresenceStore } from './modules/chat/presence-store';
import { createGalleryRepository } from './modules/gallery/gallery.repository';
import { registerGalleryRoutes } from './modules/gallery/gallery.routes';
import { createGalleryService } from './modules/gallery/gallery.service';
import { loadShippedDirectory, seedDirectory } from './modules/resources/directory-seed';
import { DirectoryEntryInput } from './modules/resources/directory-entry';
import { RESOURCE_LIST_LIMIT } from '@juntos/domain';
import { createResourcesRepository } from './modules/resources/resources.repository';
import { registerResourceRoutes } from './modules/resources/resources.routes';
import { createPostsRepository } from './modules/posts/posts.repository';
import { registerPostRoutes } from './modules/posts/posts.routes';
import { createPostsService } from './modules/posts/posts.service';
import { createRequireAuth, createSessionVerifier } from './plugins/authenticate';
import { registerStaticContent } from './modules/static-content/static-content.routes';
import { handleFrameworkError, registerErrorHandling } from './plugins/errors';
import { registerInputGate } from './plugins/input-gate';
import { recordRouteTable } from './plugins/route-table';
import { registerSecurityHeaders } from './plugins/security-headers';

/** JSON bodies above this are refused with 413 (uploads go through multipart with their own limit). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export type AppDependencies = { database: DatabaseHandle };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Exposed so tests and shutdown can apply pending word-cloud changes at once. */
    wordCloud: WordCloudService;
    /** Live messages to members' connections: chat, presence, notifications. */
    fanOut: FanOut;
    /** Resolves when the start-up move of legacy gallery pictures has ended (tests, shutdown). */
    galleryMoveSettled: () => Promise<void>;
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
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Secrets never reach the log: tokens travel in query strings (the chat socket, reset
      // links), which the request serializer drops, and in these headers, should anything log them.
      serializers: { req: serializeRequest },
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
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

  // While shutting down, answers to requests still in flight close their keep-alive connection,
  // so the server is not held open by clients that would otherwise reuse it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });

  registerErrorHandling(app);
  registerInputGate(app);
  await registerSecurityHeaders(app, { adNetwork: config.ads.client !== undefined });
  // Brotli or gzip for text answers (the app's JavaScript, translations, JSON): members on slow
  // mobile connections load the landing page several times faster.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db: database.db,
    log: app.log,
    mailDir: config.paths.mail,
  });
  await registerMultipart(app);
  // Registered before the routes, so its response hook times every one of them.
  let openSockets = () => 0;
  registerMetrics(app, {
    token: config.metricsToken,
    openSockets: () => openSockets(),
    unsentEmails: () => mailer.unsentCount(),
  });
  const accessTokens = createAccessTokens(config.jwtSecret);
  const authRepository = createAuthRepository(database.db);
  const verifySession = createSessionVerifier(accessTokens, (userId, issuedAt) =>
    authRepository.accountUsable(userId, issuedAt),
  );
  const requireAuth = createRequireAuth(verifySession);
  const s3Store = config.s3 ? createS3MediaStore(config.s3) : undefined;
  const mediaStore = s3Store ?? createLocalMediaStore(config.paths.media);
  const privateMedia = createPrivateMedia({
    mediaStore,
    secret: config.jwtSecret,
    ttlSeconds: config.mediaUrlTtlSeconds,
  });
  const diseases = createDiseaseCatalogue({
    starter: config.paths.starterDiseases,
    imported: config.paths.importedDiseases,
  });
  const wordCloud = createWordCloudService({
    repository: createWordCloudRepository(database.db),
    diseases,
    mediaStore,
    debounceMs: config.wordCloudDebounceMs,
    log: app.log,
  });
  app.decorate('wordCloud', wordCloud);
  // With REDIS_URL, live messages, presence and rate limits are shared by every instance (DESIGN.md).
  const redis = config.redisUrl
    ? {
        commands: connectRedis(config.redisUrl, app.log, 'juntos-commands'),
        subscriber: connectRedis(config.redisUrl, app.log, 'juntos-subscriber'),
      }
    : undefined;
  const rateLimits = createRateLimits({
    redis: redis?.commands,
    prefix: config.redisPrefix,
    scale: config.rateLimitScale,
  });
  const images = createImagePipeline(rateLimits, { queueLimit: config.imageQueueLimit });
  const authService = createAuthService({
    repository: authRepository,
    accessTokens,
    mailer,
    mediaStore,
    onAccountDeleted: () => wordCloud.profilesChanged(),
    // The password or account change is already stored: a fan-out failure is logged, not answered.
    endLiveSessions: (userId, reason) =>
      fanOut
        .publish(userId, sessionEnded(reason))
        .catch((error: unknown) => app.log.error({ err: error, userId }, 'Sockets could not be closed')),
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
    productName: config.operator.name,
    rateLimits,
  });

  registerHealthRoutes(app, database);
  registerAuthRoutes(app, authService, requireAuth);
  const friendships = createFriendshipsRepository(database.db);
  const safeguarding = createSafeguarding(database.db);
  const fanOut = redis
    ? createRedisFanOut({
        publisher: redis.commands,
        subscriber: redis.subscriber,
        prefix: config.redisPrefix,
        log: app.log,
      })
    : createInProcessFanOut();
  app.decorate('fanOut', fanOut);
  const presence = redis
    ? createRedisPresenceStore(redis.commands, config.redisPrefix, config.chat.heartbeatTimeoutMs)
    : createInMemoryPresenceStore(config.chat.heartbeatTimeoutMs);
  const friendshipsService = createFriendshipsService({
    repository: friendships,
    safeguarding,
    fanOut,
    mediaStore,
    onlineAmong: (userIds) => chatService.onlineAmong(userIds),
    checkChatReport: (reporterId, type, targetId) => chatService.checkReportable(reporterId, type, targetId),
  });
  const chatService = createChatService({
    repository: createChatRepository(database.db),
    fanOut,
    presence,
    friendIds: (userId) => friendshipsService.friendIds(userId),
    rateLimits,
    log: app.log,
  });
  const galleryService = createGalleryService({
    repository: createGalleryRepository(database.db),
    friendships,
    mediaStore,
    images,
    privateMedia,
  });
  // Gallery pictures stored before they became private are moved once per start, in the
  // background (docs/operations.md): with many pictures on S3 the move takes minutes, which must
  // not hold up start-up or health checks, and until a picture is moved its old path still
  // serves it as before. A failure is logged and the next start tries again; closing the app
  // stops the move between two pictures and waits for the one in hand.
  const stopGalleryMove = new AbortController();
  let galleryMove: Promise<void> = Promise.resolve();
  app.decorate('galleryMoveSettled', () => galleryMove);
  app.addHook('onReady', async () => {
    galleryMove = galleryService.moveLegacyImagesToPrivate(app.log, stopGalleryMove.signal).then(
      (moved) => {
        if (moved > 0) app.log.info({ moved }, 'Gallery pictures moved to private storage');
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'Gallery pictures could not be moved to private storage');
      },
    );
  });
  app.addHook('preClose', async () => {
    stopGalleryMove.abort();
    await galleryMove;
  });
  const profileService = createProfileService({
    repository: createProfileRepository(database.db),
    search: createProfileSearchRepository(database.db),
    friendships,
    safeguarding,
    galleryOf: async (viewerId, ownerId) => (await galleryService.list(viewerId, ownerId, 24, 0)).images,
    mediaStore,
    images,
    diseases,
    onProfileChanged: () => wordCloud.profilesChanged(),
  });
  registerProfileRoutes(app, profileService, requireAuth, async (userId) => {
    const [account, group] = await Promise.all([authService.me(userId), safeguarding.groupOf(userId)]);
    // Lets the screens tell a minor plainly why nobody is visible yet (docs/decisions/0011).
    return {
      ...account,
      age_group: group === 'adult' ? 'adult' : 'minor',
      minor_review_pending: group === 'unreviewed_minor',
    };
  });
  registerDiseaseRoutes(app, {
    catalogue: diseases,
    repository: createDiseasesRepository(database.db),
    orphacodeOf: (userId) => profileService.orphacodeOf(userId),
    requireAuth,
  });
  registerFunctionalProfileRoutes(app, createFunctionalProfileRepository(database.db), requireAuth);
  registerWordCloudRoutes(app, wordCloud, requireAuth);
  const adSettings = createAdSettingsStore(database.db, config.ads);
  const monetization = createMonetizationService({
    repository: createMonetizationRepository(database.db),
    ads: () => adSettings.current(),
    impressionIntervalMs: config.adImpressionIntervalMs,
    payouts: operatorPayouts,
  });
  registerMonetizationRoutes(app, monetization, requireAuth);
  const resources = createResourcesRepository(database.db);
  const admins = createAdminRepository(database.db);
  const requireAdmin = createRequireAdmin(requireAuth, admins);
  const moderationRepository = createModerationRepository(database.db);
  registerModerationRoutes(app, {
    service: createModerationService({
      repository: moderationRepository,
      // Reported gallery pictures are private: a signed address (viewer 0: the moderators).
      mediaUrl: (key) => privateMedia.urlFor(key, 0),
      endSessions: async (userId) => {
        await authRepository.revokeAllRefreshTokens(userId);
        await fanOut.publish(userId, sessionEnded('suspended'));
      },
    }),
    requireAuth,
    requireAdmin,
    audit: (admin, entry) => admins.record(admin, entry),
  });
  registerMinorReviewRoutes(app, {
    repository: createMinorReviewRepository(database.db),
    requireAdmin,
    audit: (admin, entry) => admins.record(admin, entry),
  });
  registerAdminRoutes(app, {
    repository: admins,
    requireAdmin,
    withdrawals: {
      find: (id) => monetization.withdrawalById(id),
      list: (status, limit, offset) => monetization.withdrawalsForOperators(status, limit, offset),
      transition: (id, status, notes) => monetization.setWithdrawalStatus(id, status, notes),
    },
    ads: {
      current: () => adSettings.current(),
      save: (body) => adSettings.save(body),
    },
    directory: {
      list: (kind) => resources.list(kind, {}, RESOURCE_LIST_LIMIT),
      parse: (body) => DirectoryEntryInput.parse(body),
      create: (kind, values) => resources.create(kind, values),
      update: (kind, id, values) => resources.update(kind, id, values),
      remove: (kind, id) => resources.remove(kind, id),
    },
  });
  registerPostRoutes(
    app,
    createPostsService({
      repository: createPostsRepository(database.db),
      mediaStore,
      images,
      safeguarding,
    }),
    requireAuth,
  );
  registerGalleryRoutes(app, galleryService, requireAuth);
  const dataExport = createDataExportService({
    repository: createDataExportRepository(database.db),
    mediaStore,
    notify: (userId) => moderationRepository.addNotices([{ userId, kind: 'export_ready', data: {} }]),
    log: app.log,
    rateLimits,
  });
  registerDataExportRoutes(app, dataExport, requireAuth);
  registerResourceRoutes(app, resources, requireAuth);
  // After the migrations (server.ts and the tests migrate before the app is ready). A wrong
  // shipped entry stops the start; a database that does not answer only delays the seed to the
  // next start (the health check reports the database).
  app.addHook('onReady', async () => {
    const shipped = loadShippedDirectory();
    try {
      const added = await seedDirectory(resources, shipped);
      if (Object.keys(added).length) app.log.info({ added }, 'Resource directory seeded');
    } catch (error) {
      app.log.error({ err: error }, 'The resource directory could not be seeded; the next start tries again');
    }
  });
  registerFriendshipRoutes(app, friendshipsService, requireAuth);
  registerChatRoutes(app, chatService, (userId) => friendshipsService.friends(userId), requireAuth);
  const chatSocket = await registerChatSocket(app, {
    service: chatService,
    fanOut,
    verifySession,
    options: config.chat,
  });
  openSockets = chatSocket.connectionCount;
  if (config.env === 'test') {
    const { registerTestRoutes } = await import('./modules/testing/testing.routes');
    registerTestRoutes(app);
  }

  await registerStaticContent(app, config, mediaStore, privateMedia);

  app.addHook('onClose', async () => {
    wordCloud.close();
    await dataExport.settle();
    await chatSocket.close();
    chatService.close();
    s3Store?.close();
    mailer.close();
    await fanOut.close();
    if (redis) await Promise.allSettled([redis.subscriber.quit(), redis.commands.quit()]);
    if (!dependencies?.database) await database.close();
  });
  return app;
}
