import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerWordCloudRoutes } from './word-cloud.routes';
import type { WordCloudService } from './word-cloud.service';

export { createWordCloudRepository } from './word-cloud.repository';
export { createWordCloudService, type WordCloudService } from './word-cloud.service';

export type WordCloudModuleOptions = { service: WordCloudService; requireAuth: RequireAuth };

declare module 'fastify' {
  interface FastifyInstance {
    /** Exposed so tests and shutdown can apply pending word-cloud changes at once. */
    wordCloud: WordCloudService;
  }
}

/** The cloud of the diseases members declared; rebuilt (debounced) when profiles change. */
export const wordCloudModule = fp<WordCloudModuleOptions>(
  async (app, { service, requireAuth }) => {
    app.decorate('wordCloud', service);
    registerWordCloudRoutes(app, service, requireAuth);
  },
  { name: 'word-cloud' },
);
