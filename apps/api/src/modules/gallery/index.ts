import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerGalleryRoutes } from './gallery.routes';
import type { GalleryService } from './gallery.service';

export { createGalleryRepository } from './gallery.repository';
export { createGalleryService, type GalleryService } from './gallery.service';

export type GalleryModuleOptions = { service: GalleryService; requireAuth: RequireAuth };

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when the start-up move of legacy gallery pictures has ended (tests, shutdown). */
    galleryMoveSettled: () => Promise<void>;
  }
}

/** Members' picture galleries, private to friends. */
export const galleryModule = fp<GalleryModuleOptions>(
  async (app, { service, requireAuth }) => {
    // Gallery pictures stored before they became private are moved once per start, in the
    // background (docs/operations.md): with many pictures on S3 the move takes minutes, which must
    // not hold up start-up or health checks, and until a picture is moved its old path still
    // serves it as before. A failure is logged and the next start tries again; closing the app
    // stops the move between two pictures and waits for the one in hand.
    const stopMove = new AbortController();
    let move: Promise<void> = Promise.resolve();
    app.decorate('galleryMoveSettled', () => move);
    app.addHook('onReady', async () => {
      move = service.moveLegacyImagesToPrivate(app.log, stopMove.signal).then(
        (moved) => {
          if (moved > 0) app.log.info({ moved }, 'Gallery pictures moved to private storage');
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'Gallery pictures could not be moved to private storage');
        },
      );
    });
    app.addHook('preClose', async () => {
      stopMove.abort();
      await move;
    });
    registerGalleryRoutes(app, service, requireAuth);
  },
  { name: 'gallery' },
);
