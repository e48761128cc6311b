import fp from 'fastify-plugin';
import { registerModerationRoutes } from './moderation.routes';

export { createModerationRepository, type ModerationRepository } from './moderation.repository';
export { createModerationService, type ModerationService } from './moderation.service';
export { auditAs } from './moderation.routes';
export { pseudonymiseSnapshot, takeReportSnapshot, type SnapshotRef } from './report-snapshot';
export { createRequireModerator, type Moderator, type RequireModerator } from './require-moderator';

/** `requireAdmin` and `audit` come from the admin module; `requireModerator` from `createRequireModerator`. */
export type ModerationModuleOptions = Parameters<typeof registerModerationRoutes>[1];

/** Reports, hidden content, suspensions, and the member's own notices. */
export const moderationModule = fp<ModerationModuleOptions>(
  async (app, options) => registerModerationRoutes(app, options),
  { name: 'moderation' },
);
