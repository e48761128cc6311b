import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerResearchRoutes } from './research.routes';
import type { ResearchService } from './research.service';

export { createResearchRepository, matchStatement, type MatchedEntry } from './research.repository';
export {
  createResearchService,
  RESEARCH_JOBS,
  type ResearchEntry,
  type ResearchService,
} from './research.service';

export type ResearchModuleOptions = { service: ResearchService; requireAuth: RequireAuth };

/** Research that finds the member who wants it (issue 35, points 2 and 4; decision 0041). */
export const researchModule = fp<ResearchModuleOptions>(
  async (app, { service, requireAuth }) => registerResearchRoutes(app, service, requireAuth),
  { name: 'research' },
);
