import fp from 'fastify-plugin';
import { registerAdminRoutes } from './admin.routes';

export { createAdminRepository, type AdminRepository, type AuditEntry } from './admin.repository';
export { createRequireAdmin } from './require-admin';

/**
 * `withdrawals`, `ads` and `directory` are ports the monetization and resources modules
 * implement; the operators' screens edit them without reaching into those modules.
 */
export type AdminModuleOptions = Parameters<typeof registerAdminRoutes>[1];

/** The operators' dashboard, audit log, withdrawals, ads and resource directory. */
export const adminModule = fp<AdminModuleOptions>(async (app, options) => registerAdminRoutes(app, options), {
  name: 'admin',
});
