import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerTranslationRoutes } from './translation.routes';
import type { TranslationServiceApi } from './translation.service';

export { createTranslationService, type TranslationServiceApi } from './translation.service';

export type TranslationModuleOptions = { service: TranslationServiceApi; requireAuth: RequireAuth };

/** Reading posts, comments and messages in the reader's language (issue 37 point 4). */
export const translationModule = fp<TranslationModuleOptions>(
  async (app, { service, requireAuth }) => registerTranslationRoutes(app, service, requireAuth),
  { name: 'translation' },
);
