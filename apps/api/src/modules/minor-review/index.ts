import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import type { MediaStore } from '../../lib/media-store';
import { createMinorMedia } from './minor-media';
import { createMinorReviewRepository } from './minor-review.repository';
import { registerMinorReviewRoutes } from './minor-review.routes';

type RouteDeps = Parameters<typeof registerMinorReviewRoutes>[1];
/** `requireAdmin` and `audit` come from the admin module. */
export type MinorReviewModuleOptions = Omit<RouteDeps, 'repository' | 'minorMedia'> & {
  db: Database;
  mediaStore: MediaStore;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when the start-up move of minors' public pictures has ended (tests, shutdown). */
    minorMediaSettled: () => Promise<void>;
  }
}

/** Administrators review minors' accounts before they become visible (docs/decisions/0011). */
export const minorReviewModule = fp<MinorReviewModuleOptions>(
  async (app, { db, mediaStore, ...ports }) => {
    const minorMedia = createMinorMedia({ db, mediaStore });
    // As the gallery's move: in the background, so many files on S3 never hold up start-up.
    const stop = new AbortController();
    let move: Promise<void> = Promise.resolve();
    app.decorate('minorMediaSettled', () => move);
    app.addHook('onReady', async () => {
      move = minorMedia.makePrivate(app.log, { signal: stop.signal }).then(
        (moved) => {
          if (moved > 0) app.log.info({ moved }, "Minors' pictures moved to private storage");
        },
        (error: unknown) =>
          app.log.error({ err: error }, "Minors' pictures could not be moved to private storage"),
      );
    });
    app.addHook('preClose', async () => {
      stop.abort();
      await move;
    });
    registerMinorReviewRoutes(app, { repository: createMinorReviewRepository(db), minorMedia, ...ports });
  },
  { name: 'minor-review' },
);
