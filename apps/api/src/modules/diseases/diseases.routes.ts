import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isSupportedLanguage, resourceRoutes, type OrphacodeStatus } from '@juntos/domain';
import { notFound } from '../../lib/app-error';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { DiseaseCatalogue } from './disease-catalogue';
import type { DiseasesRepository } from './diseases.repository';

const LIST_FILE = /^enfermedades_([a-z]{2})\.json$/;

/**
 * The disease lists the editor and the disease search suggest from (spec §7 "Static"), and the
 * status of the member's own code (the resources hub warns about obsolete and non-rare codes).
 */
export function registerDiseaseRoutes(
  app: FastifyInstance,
  deps: {
    catalogue: DiseaseCatalogue;
    repository: DiseasesRepository;
    orphacodeOf: (userId: number) => Promise<number | null>;
    requireAuth: RequireAuth;
  },
) {
  const serve = routeServer(app);
  serve(resourceRoutes.diseaseList, {}, async (request, reply) => {
    const language = LIST_FILE.exec(request.params.file)?.[1];
    const file = language && isSupportedLanguage(language) ? deps.catalogue.fileFor(language) : undefined;
    if (!file) throw notFound();
    // The stored file as is (a Buffer skips the serializer); the schema documents its shape.
    return (reply as FastifyReply)
      .header('cache-control', 'public, max-age=3600')
      .type('application/json; charset=utf-8')
      .send(await readFile(file));
  });

  serve(resourceRoutes.orphacodeStatus, { preValidation: deps.requireAuth }, async (request) => {
    const orphacode = await deps.orphacodeOf(request.userId);
    if (orphacode === null) return { orphacode: null, estado: null };
    const imported = await deps.repository.statusOf(orphacode);
    const estado: OrphacodeStatus = imported ?? (deps.catalogue.hasCode(orphacode) ? 'active' : 'unknown');
    return { orphacode, estado };
  });
}
