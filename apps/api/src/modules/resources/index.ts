import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { loadShippedDirectory, seedDirectory } from './directory-seed';
import type { ResourcesRepository } from './resources.repository';
import { registerResourceRoutes } from './resources.routes';

export { DirectoryEntryInput } from './directory-entry';
export { createResourcesRepository, type ResourcesRepository } from './resources.repository';

export type ResourcesModuleOptions = { repository: ResourcesRepository; requireAuth: RequireAuth };

/** The directory of associations, professionals and projects, seeded from the shipped files. */
export const resourcesModule = fp<ResourcesModuleOptions>(
  async (app, { repository, requireAuth }) => {
    registerResourceRoutes(app, repository, requireAuth);
    // After the migrations (server.ts and the tests migrate before the app is ready). A wrong
    // shipped entry stops the start; a database that does not answer only delays the seed to the
    // next start (the health check reports the database).
    app.addHook('onReady', async () => {
      const shipped = loadShippedDirectory();
      try {
        const added = await seedDirectory(repository, shipped);
        if (Object.keys(added).length) app.log.info({ added }, 'Resource directory seeded');
      } catch (error) {
        app.log.error(
          { err: error },
          'The resource directory could not be seeded; the next start tries again',
        );
      }
    });
  },
  { name: 'resources' },
);
