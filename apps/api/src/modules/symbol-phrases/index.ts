import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerSymbolPhraseRoutes } from './symbol-phrases.routes';
import type { SymbolPhrasesService } from './symbol-phrases.service';

export { createSymbolPhrasesRepository } from './symbol-phrases.repository';
export { createSymbolPhrasesService, type SymbolPhrasesService } from './symbol-phrases.service';

export type SymbolPhrasesModuleOptions = { service: SymbolPhrasesService; requireAuth: RequireAuth };

/** The member's own phrases of the symbol board (issue 21). */
export const symbolPhrasesModule = fp<SymbolPhrasesModuleOptions>(
  async (app, { service, requireAuth }) => registerSymbolPhraseRoutes(app, service, requireAuth),
  { name: 'symbol-phrases' },
);
