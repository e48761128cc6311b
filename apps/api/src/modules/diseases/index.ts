import fp from 'fastify-plugin';
import { registerDiseaseRoutes } from './diseases.routes';

export { createDiseaseCatalogue, type DiseaseCatalogue } from './disease-catalogue';
export { createDiseasesRepository } from './diseases.repository';

/** `orphacodeOf` is the profile module's port: the disease a member declared. */
export type DiseasesModuleOptions = Parameters<typeof registerDiseaseRoutes>[1];

/** The disease lists per language and the Orphanet code status of a member's disease. */
export const diseasesModule = fp<DiseasesModuleOptions>(
  async (app, options) => registerDiseaseRoutes(app, options),
  {
    name: 'diseases',
  },
);
