import fp from 'fastify-plugin';
import { registerRepresentativeRoutes } from './representatives.routes';

export {
  createRepresentativesRepository,
  type RepresentativesRepository,
} from './representatives.repository';
export { createRepresentativesService, type RepresentativesService } from './representatives.service';

export type RepresentativesModuleOptions = Parameters<typeof registerRepresentativeRoutes>[1];

/**
 * Representatives of associations and research projects (issue 35): invitations by e-mail, the
 * member's acceptance, the administrators' confirmation; an association's confirmed
 * representatives host its communities.
 */
export const representativesModule = fp<RepresentativesModuleOptions>(
  async (app, options) => registerRepresentativeRoutes(app, options),
  { name: 'representatives' },
);
