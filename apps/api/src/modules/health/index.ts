import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/database';
import { registerHealthRoutes } from './health.routes';

export type HealthModuleOptions = { database: DatabaseHandle };

/** `/api/health/`: answers whether the database does. */
export const healthModule = fp<HealthModuleOptions>(
  async (app, { database }) => registerHealthRoutes(app, database),
  { name: 'health' },
);
