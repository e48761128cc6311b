import { RESOURCE_LIST_LIMIT } from '@juntos/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { Safeguarding } from '../db/safeguarding';
import type { Clock } from '../lib/clock';
import { isDatabaseUnreachable } from '../lib/database-outage';
import type { AccessTokens } from '../lib/access-tokens';
import type { ImagePipeline } from '../lib/images';
import type { JobQueue } from '../lib/job-queue';
import type { Mailer } from '../lib/mailer';
import type { MediaStore } from '../lib/media-store';
import type { MemberMediaUrl, PrivateMedia } from '../lib/private-media';
import type { RateLimits } from '../lib/rate-limiter';
import { shutdownStep } from '../lib/shutdown-step';
import { createRequireAuth, createSessionVerifier } from '../plugins/authenticate';
import {
  createPresenceTracker,
  createKnownSessions,
  createSocketGateway,
  onlineReader,
  sessionEnded,
  supportEnded,
  type FanOut,
  type PresenceStore,
} from '../realtime';
import { adminModule, createAdminRepository, createRequireAdmin } from './admin';
import { authModule, createAuthRepository, createAuthService, presentAccount } from './auth';
import { createPasskeysRepository, createPasskeysService, passkeysModule } from './passkeys';
import { chatModule, createChatReportCheck, createChatRepository, createChatService } from './chat';
import {
  communitiesModule,
  communityFeedModule,
  communityModerationModule,
  createCommunitiesRepository,
  createCommunitiesService,
  createCommunityModerationRepository,
  createCommunityModerationService,
} from './communities';
import { createDataExportRepository, createDataExportService, dataExportModule } from './data-export';
import { createDiseasesRepository, diseasesModule, type DiseaseCatalogue } from './diseases';
import { createErasureRepository, createErasureService } from './erasure';
import {
  createFriendshipsRepository,
  createFriendshipsService,
  createReportGate,
  friendshipsModule,
} from './friendships';
import { functionalProfileModule } from './functional-profile';
import { createGalleryRepository, createGalleryService, galleryModule } from './gallery';
import { healthModule } from './health';
import { minorReviewModule } from './minor-review';
import {
  createModerationRepository,
  createModerationService,
  createRequireModerator,
  moderationModule,
} from './moderation';
import {
  createAdSettingsStore,
  createMonetizationRepository,
  createMonetizationService,
  monetizationModule,
  operatorPayouts,
} from './monetization';
import {
  createNotificationsRepository,
  createNotificationsService,
  createPushDevicesRepository,
  createPushSender,
  notificationsModule,
  type Notify,
} from './notifications';
import { createPostsRepository, createPostsService, postsModule } from './posts';
import {
  createProfileRepository,
  createProfileSearchRepository,
  createProfileService,
  profileModule,
} from './profile';
import {
  createRepresentativesRepository,
  createRepresentativesService,
  representativesModule,
} from './representatives';
import { createResourcesRepository, DirectoryEntryInput, resourcesModule } from './resources';
import { createMutesRepository, createMutesService, mutesModule } from './mutes';
import {
  createSupportersRepository,
  createSupportersService,
  recordActingChanges,
  supportersModule,
} from './supporters';
import { createTranslationService, translationModule } from './translation';
import { createResearchRepository, createResearchService, researchModule } from './research';
import { createRetention, createRetentionTimer, retentionModule } from './retention';
import { staticContentModule } from './static-content';
import {
  createSymbolPhrasesRepository,
  createSymbolPhrasesService,
  symbolPhrasesModule,
} from './symbol-phrases';
import { createWordCloudRepository, createWordCloudService, wordCloudModule } from './word-cloud';

/** What every module may be given: built once in app.ts, before any module. */
export type SharedInfrastructure = {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  mailer: Mailer;
  mediaStore: MediaStore;
  privateMedia: PrivateMedia;
  rateLimits: RateLimits;
  images: ImagePipeline;
  safeguarding: Safeguarding;
  diseases: DiseaseCatalogue;
  accessTokens: AccessTokens;
  fanOut: FanOut;
  presenceStore: PresenceStore;
  /** The durable job queue (e-mails and push sent while members are away). */
  jobs: JobQueue;
  /** Presence and the chat sockets' expiry and heartbeats (lib/clock.ts). */
  clock: Clock;
};

/**
 * The one place where modules meet (docs/architecture.md "Modules and ports"). Each module's
 * service is built here with the ports it declares, in dependency order, so every arrow between
 * modules is a line below and none is bound late; `plugin` then registers the modules' routes.
 * Friendships and chat do not call each other's services: friendships reads presence from the
 * realtime store and checks chat reports through the chat's repository-only check, and chat
 * asks friendships whom a member may reach.
 */
export function createModules(infrastructure: SharedInfrastructure) {
  const { config, database, log, mailer, mediaStore, privateMedia, rateLimits, images, safeguarding } =
    infrastructure;
  // Every member picture's address, signed for its viewer when the file is private (decision 0029).
  const mediaUrl: MemberMediaUrl = (key, viewerId) => privateMedia.urlFor(key, viewerId);
  const { diseases, fanOut, presenceStore } = infrastructure;
  const { db } = database;

  const authRepository = createAuthRepository(db);
  const supportersRepository = createSupportersRepository(db);
  const verifySession = createSessionVerifier(
    infrastructure.accessTokens,
    (userId, sessionId) => authRepository.sessionUsable(userId, sessionId),
    (memberId, supporterId, sessionId) => supportersRepository.actingGrant(memberId, supporterId, sessionId),
  );
  const requireAuth = createRequireAuth(verifySession);
  // Once it holds a socket, each instance reads the sessions issued tokens and ended lately every
  // second (triggers record every end), and at once after an end of its own: a new socket then
  // needs no session lookup (decision 0050).
  const knownSessions = createKnownSessions({
    read: (since) => authRepository.sessionChangesSince(since),
    // An outage of the database has its own two lines (lib/database-outage.ts), not one more here.
    onError: (error) => {
      if (!isDatabaseUnreachable(error))
        log.warn({ err: error }, 'Sessions could not be read: new chat sockets look their session up');
    },
    now: infrastructure.clock.now,
  });
  const endLiveSessions = async (userId: number, reason: Parameters<typeof sessionEnded>[0]) => {
    await knownSessions.refresh();
    await fanOut.publish(userId, sessionEnded(reason));
  };
  // The password or account change is already stored: a fan-out failure is logged, not answered.
  const endLiveSessionsAfterChange = (userId: number, reason: Parameters<typeof sessionEnded>[0]) =>
    endLiveSessions(userId, reason).catch((error: unknown) =>
      log.error({ err: error, userId }, 'Sockets could not be closed'),
    );

  const wordCloud = createWordCloudService({
    repository: createWordCloudRepository(db),
    diseases,
    mediaStore,
    debounceMs: config.wordCloudDebounceMs,
    log,
  });
  const erasure = createErasureService({
    repository: createErasureRepository(db),
    mediaStore,
    forgetEmails: (outboxIds) => mailer.forget(outboxIds),
    endLiveSessions: (userId) => endLiveSessionsAfterChange(userId, 'account_deleted'),
    log,
  });
  const auth = createAuthService({
    repository: authRepository,
    accessTokens: infrastructure.accessTokens,
    mailer,
    eraseAccount: (userId) => erasure.erase(userId),
    onAccountDeleted: () => wordCloud.profilesChanged(),
    endLiveSessions: endLiveSessionsAfterChange,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
    productName: config.operator.name,
    contactEmail: config.operator.contactEmail,
    rateLimits,
    passwordHashCost: config.passwordHashCost,
  });

  const passkeys = createPasskeysService({
    repository: createPasskeysRepository(db),
    auth,
    relyingParty: {
      name: config.operator.name,
      id: config.passkeys.rpId,
      origins: config.passkeys.origins,
      anyLocalhostPort: config.passkeys.anyLocalhostPort,
    },
    secret: config.jwtSecret,
    rateLimits,
  });

  const { clock } = infrastructure;
  const online = onlineReader(presenceStore, clock.now);
  const notifications = createNotificationsService({
    repository: createNotificationsRepository(db),
    fanOut,
    jobs: infrastructure.jobs,
    mailer,
    isOnline: async (userId) => (await online.onlineAmong([userId])).has(userId),
    secret: config.jwtSecret,
    pushPublicKey: config.push.publicKey,
    publicUrl: config.publicUrl,
    productName: config.operator.name,
    emailDelaySeconds: config.notificationEmailDelaySeconds,
    devices: createPushDevicesRepository(db),
    sendPush: createPushSender(config.push),
    pushServices: config.push,
    log,
  });
  const notify: Notify = (event) => notifications.tell(event);

  const friendshipsRepository = createFriendshipsRepository(db);
  const chatRepository = createChatRepository(db);
  const supporters = createSupportersService({
    repository: supportersRepository,
    mailer,
    // The audit log is built with the admin services below; it is called only once requests run.
    audit: (actor, entry) => audit(actor, entry),
    rateLimits,
    groupOf: (userId) => safeguarding.groupOf(userId),
    mayReach: (viewerId, memberId) => safeguarding.mayReach(viewerId, memberId),
    accessTokens: infrastructure.accessTokens,
    endActingSockets: (memberId, supporterId) => fanOut.publish(memberId, supportEnded(supporterId)),
    publicUrl: config.publicUrl,
    productName: config.operator.name,
  });
  const friendships = createFriendshipsService({
    repository: friendshipsRepository,
    safeguarding,
    fanOut,
    mediaUrl,
    online,
    chatReports: createChatReportCheck(chatRepository),
    reportGate: createReportGate({
      db,
      rateLimits,
      mayActOn: (viewerId, memberId) => safeguarding.mayActOn(viewerId, memberId),
    }),
    notify,
    endSupportBetween: (blockerId, blockedId) => supporters.blocked(blockerId, blockedId),
  });
  const chat = createChatService({
    repository: chatRepository,
    fanOut,
    friends: friendships,
    rateLimits,
    log,
    messageWhileAway: (receiverId, senderId) => notifications.messageWhileAway(receiverId, senderId),
  });
  const presence = createPresenceTracker({
    store: presenceStore,
    fanOut,
    audience: friendships,
    now: clock.now,
    onError: (error, userIds) =>
      log.error({ err: error, members: userIds.length }, 'Friends could not be told of presence changes'),
  });
  const socketGateway = createSocketGateway({
    chat,
    presence,
    fanOut,
    verifySession,
    readToken: (token) => infrastructure.accessTokens.verify(token),
    knownSessions,
    // A chat message a supporter sends for the member goes to the member's activity list.
    actedFor: (memberId, supporterId, friendId) =>
      supporters.recordAction({
        memberId,
        supporterId,
        route: 'WS chat_message',
        scope: 'messages',
        targetId: friendId,
      }),
    rateLimits,
    options: config.chat,
    clock,
  });

  const gallery = createGalleryService({
    repository: createGalleryRepository(db),
    friendships: friendshipsRepository,
    mediaStore,
    images,
    privateMedia,
    notify,
  });
  const profile = createProfileService({
    repository: createProfileRepository(db),
    search: createProfileSearchRepository(db),
    friendships: friendshipsRepository,
    safeguarding,
    presentAccount,
    galleryOf: async (viewerId, ownerId) => (await gallery.list(viewerId, ownerId, 24, 0)).images,
    mediaStore,
    mediaUrl,
    images,
    diseases,
    onProfileChanged: () => wordCloud.profilesChanged(),
  });

  const adSettings = createAdSettingsStore(db, config.ads);
  const monetization = createMonetizationService({
    repository: createMonetizationRepository(db),
    ads: () => adSettings.current(),
    impressionIntervalMs: config.adImpressionIntervalMs,
    payouts: operatorPayouts,
    notify,
  });
  const resources = createResourcesRepository(db);
  // Issue 35: directory changes that matter are matched to the members who asked to hear of them.
  const research = createResearchService({
    repository: createResearchRepository(db),
    jobs: infrastructure.jobs,
    entry: (kind, id) => resources.entry(kind, id),
    entriesAbout: (kind, orphacode, countries, limit) => resources.about(kind, orphacode, countries, limit),
    tellMany: (userIds) =>
      notifications.tellMany(userIds, { kind: 'research', groupKey: 'research', subject: null }),
    // The representatives service and the administrators' store are made below; these run on
    // requests, long after.
    projectRepresentative: (projectId, userId) =>
      representatives.confirmedProjectRepresentative(projectId, userId),
    projectRepresentatives: (projectIds, viewerId) =>
      representatives.projectRepresentatives(projectIds, viewerId),
    adminActor: async (userId) => {
      const admin = await admins.adminById(userId);
      return admin && { id: admin.id, email: admin.email };
    },
    audit: (actor, entry) => audit(actor, entry),
    log,
  });
  /** The editor's values (the domain's names) as the directory stores them. */
  const directoryValues = (values: ReturnType<typeof DirectoryEntryInput.parse>) => ({
    name: values.name,
    pais: values.pais,
    ciudad: values.ciudad,
    enlace: values.enlace,
    descripcion: values.descripcion,
    orphacodes: values.orphacodes,
    paises: values.paises,
    estudioClinico: values.estudio_clinico,
    recluta: values.recluta,
    reclutaHasta: values.recluta_hasta,
  });
  const admins = createAdminRepository(db);
  const requireAdmin = createRequireAdmin(requireAuth, admins);
  const audit = (admin: { id: number; email: string }, entry: Parameters<typeof admins.record>[1]) =>
    admins.record(admin, entry);
  const communities = createCommunitiesService({
    repository: createCommunitiesRepository(db),
    diseases,
    mediaStore,
    mediaUrl,
    audit,
    rateLimits,
    isAdmin: async (userId) => (await admins.adminById(userId)) !== undefined,
  });
  // Issue 35: an association's confirmed representatives host its communities (decision 0040).
  const representatives = createRepresentativesService({
    repository: createRepresentativesRepository(db),
    mailer,
    audit,
    rateLimits,
    groupOf: (userId) => safeguarding.groupOf(userId),
    isAdmin: async (userId) => (await admins.adminById(userId)) !== undefined,
    hostedBy: (associationId, language) => communities.hostedBy(associationId, language),
    localized: (text, language) => text[language] ?? text.en ?? Object.values(text).find(Boolean) ?? '',
    publicUrl: config.publicUrl,
    productName: config.operator.name,
  });
  const moderationRepository = createModerationRepository(db);
  const requireModerator = createRequireModerator({
    requireAuth,
    adminById: (userId) => admins.adminById(userId),
    repository: moderationRepository,
  });
  const moderation = createModerationService({
    repository: moderationRepository,
    // Every moderators' notice is also a notification (issue 20): the centre links to the
    // notices panel, where the notice itself is read.
    async noticesAdded(rows) {
      for (const row of rows)
        await notify({
          userId: row.userId,
          kind: 'moderation',
          actorId: null,
          groupKey: 'moderation',
          subject: null,
          outcome: row.kind,
        });
    },
    // Reported gallery pictures are private: a signed address (viewer 0: the moderators).
    mediaUrl: (key) => privateMedia.urlFor(key, 0),
    endSessions: async (userId) => {
      await authRepository.revokeAllRefreshTokens(userId);
      await endLiveSessions(userId, 'suspended');
    },
  });
  const posts = createPostsService({
    repository: createPostsRepository(db),
    mediaStore,
    mediaUrl,
    images,
    safeguarding,
    notify,
  });
  const dataExport = createDataExportService({
    repository: createDataExportRepository(db),
    mediaStore,
    notify: (userId) => moderationRepository.addNotices([{ userId, kind: 'export_ready', data: {} }]),
    log,
    rateLimits,
    productName: config.operator.name,
  });
  const retentionTimer = createRetentionTimer(
    createRetention({ db, mailDir: config.paths.mail, eraseAccount: (userId) => erasure.erase(userId), log }),
    config.retention,
    log,
  );

  /** Registration order is route order; static content is last (it owns the not-found handler). */
  const plugin = fp(
    async (app: FastifyInstance) => {
      // Before any route: what a supporter changes in a member's account is recorded for every one.
      recordActingChanges(app, supporters);
      await app.register(healthModule, { database });
      await app.register(authModule, { service: auth, requireAuth });
      await app.register(passkeysModule, { service: passkeys, requireAuth });
      await app.register(profileModule, { service: profile, requireAuth });
      await app.register(diseasesModule, {
        catalogue: diseases,
        repository: createDiseasesRepository(db),
        orphacodeOf: (userId) => profile.orphacodeOf(userId),
        requireAuth,
      });
      await app.register(functionalProfileModule, { db, requireAuth });
      await app.register(wordCloudModule, { service: wordCloud, requireAuth });
      await app.register(monetizationModule, { service: monetization, requireAuth });
      await app.register(moderationModule, {
        service: moderation,
        requireAuth,
        requireAdmin,
        requireModerator,
        audit,
      });
      await app.register(minorReviewModule, { db, mediaStore, requireAdmin, audit });
      await app.register(communitiesModule, {
        service: communities,
        requireAuth,
        requireAdmin,
        requireModerator,
        audit,
      });
      await app.register(representativesModule, { service: representatives, requireAuth, requireAdmin });
      await app.register(communityModerationModule, {
        service: createCommunityModerationService({
          repository: createCommunityModerationRepository(db),
          mayReach: (viewerId, memberId) => safeguarding.mayReach(viewerId, memberId),
        }),
        requireModerator,
        audit,
      });
      await app.register(adminModule, {
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
          list: async (kind) =>
            (await resources.list(kind, {}, RESOURCE_LIST_LIMIT)).map((row) => ({
              id: row.id,
              name: row.name,
              pais: row.pais,
              ciudad: row.ciudad,
              descripcion: row.descripcion,
              enlace: row.enlace,
              orphacodes: row.orphacodes,
              paises: row.paises,
              estudio_clinico: row.estudioClinico,
              recluta: row.recluta,
              recluta_hasta: row.reclutaHasta,
            })),
          parse: (body) => DirectoryEntryInput.parse(body),
          // A new entry, and a material change, queue its matching (issue 35).
          create: async (kind, values) => {
            const id = await resources.create(kind, directoryValues(values));
            if (id !== undefined) await research.entryChanged(kind, id, 1);
            return id;
          },
          update: async (kind, id, values) => {
            const changed = await resources.update(kind, id, directoryValues(values));
            if (changed?.material) await research.entryChanged(kind, id, changed.revision);
            return changed?.id;
          },
          remove: async (kind, id) => {
            const removed = await resources.remove(kind, id);
            if (removed) await research.entryRemoved(kind, id);
            return removed;
          },
        },
      });
      await app.register(postsModule, { service: posts, requireAuth });
      await app.register(communityFeedModule, { posts, requireAuth });
      await app.register(galleryModule, { service: gallery, requireAuth });
      await app.register(dataExportModule, { service: dataExport, requireAuth });
      await app.register(resourcesModule, { repository: resources, requireAuth });
      await app.register(researchModule, { service: research, requireAuth });
      await app.register(friendshipsModule, { service: friendships, requireAuth });
      await app.register(notificationsModule, { service: notifications, requireAuth });
      await app.register(mutesModule, {
        service: createMutesService({
          repository: createMutesRepository(db),
          mayReach: (viewerId, memberId) => safeguarding.mayReach(viewerId, memberId),
          mediaUrl,
          communityName: (community, language) => communities.nameOf(community, language),
        }),
        requireAuth,
      });
      await app.register(supportersModule, { service: supporters, requireAuth });
      await app.register(translationModule, {
        service: createTranslationService({ server: config.translation, rateLimits, log }),
        requireAuth,
      });
      await app.register(symbolPhrasesModule, {
        service: createSymbolPhrasesService(createSymbolPhrasesRepository(db)),
        requireAuth,
      });
      await app.register(chatModule, {
        service: chat,
        friendsWithPresence: (userId) => friendships.friends(userId),
        requireAuth,
      });
      await app.register(socketGateway.plugin);
      await app.register(retentionModule, { timer: retentionTimer });
      if (config.env === 'test') await app.register((await import('./testing')).testingModule);
      await app.register(staticContentModule, { config, mediaStore, privateMedia });
    },
    { name: 'modules' },
  );

  return {
    plugin,
    openSockets: socketGateway.connectionCount,
    socketCounts: socketGateway.counts,
    /** Shutdown, in this order: nothing new starts, work in hand ends, then the sockets. */
    async close() {
      const step = (name: string, run: () => unknown) => shutdownStep(log, name, run);
      await step('the retention pass', () => retentionTimer.stop());
      wordCloud.close();
      await step('the data copies being written', () => dataExport.settle());
      await step('the chat sockets’ clean-up', () => socketGateway.close());
      await step('the reading of sessions', () => knownSessions.close());
      chat.close();
    },
  };
}
