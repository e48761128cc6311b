import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import type { RequireAuth } from '../../plugins/authenticate';
import { createFunctionalProfileRepository } from './functional-profile.repository';
import { registerFunctionalProfileRoutes } from './functional-profile.routes';

export type FunctionalProfileModuleOptions = { db: Database; requireAuth: RequireAuth };

/** The member's answers to the functional questionnaire (`/api/profile-tokenizado/`). */
export const functionalProfileModule = fp<FunctionalProfileModuleOptions>(
  async (app, { db, requireAuth }) =>
    registerFunctionalProfileRoutes(app, createFunctionalProfileRepository(db), requireAuth),
  { name: 'functional-profile' },
);
