import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { createMinorReviewRepository } from './minor-review.repository';
import { registerMinorReviewRoutes } from './minor-review.routes';

type RouteDeps = Parameters<typeof registerMinorReviewRoutes>[1];
/** `requireAdmin` and `audit` come from the admin module. */
export type MinorReviewModuleOptions = Omit<RouteDeps, 'repository'> & { db: Database };

/** Administrators review minors' accounts before they become visible (docs/decisions/0011). */
export const minorReviewModule = fp<MinorReviewModuleOptions>(
  async (app, { db, ...ports }) =>
    registerMinorReviewRoutes(app, { repository: createMinorReviewRepository(db), ...ports }),
  { name: 'minor-review' },
);
