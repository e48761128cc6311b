import fp from 'fastify-plugin';
import { registerTestRoutes } from './testing.routes';

/** Routes for tests only; imported (and so loaded at all) only when NODE_ENV=test. */
export const testingModule = fp(async (app) => registerTestRoutes(app), { name: 'testing' });
