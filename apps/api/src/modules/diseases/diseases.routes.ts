import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  isSupportedLanguage,
  OrphacodeStatusAnswerSchema,
  type OrphacodeStatus,
} from '@juntos/domain';
import { notFound } from '../../lib/app-error';
import type { RequireAuth } from '../../plugins/authenticate';
import type { DiseaseCatalogue } from './disease-catalogue';
import type { DiseasesRepository } from './diseases.repository';

const LIST_FILE = /^enfermedades_([a-z]{2})\.json$/;
/** The list file is sent as stored (a Buffer skips serialization): ORPHA code → disease name. */
const DiseaseListSchema = z.record(z.string(), z.string());

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
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/enfermedades/:file',
    {
      schema: {
        tags: ['diseases'],
        summary: 'The disease list of a language (enfermedades_<language>.json)',
        // Any text: a file name that is not a list is a 404, as for any missing file.
        params: z.object({ file: z.string() }),
        response: { 200: DiseaseListSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const language = LIST_FILE.exec(request.params.file)?.[1];
      const file = language && isSupportedLanguage(language) ? deps.catalogue.fileFor(language) : undefined;
      if (!file) throw notFound();
      // The stored file as is (a Buffer skips the serializer); the schema documents its shape.
      return (reply as FastifyReply)
        .header('cache-control', 'public, max-age=3600')
        .type('application/json; charset=utf-8')
        .send(await readFile(file));
    },
  );

  typed.get(
    '/api/recursos/orphacode_estado/',
    {
      preValidation: deps.requireAuth,
      schema: {
        tags: ['diseases'],
        summary: "The status of the member's own ORPHA code",
        response: { 200: OrphacodeStatusAnswerSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const orphacode = await deps.orphacodeOf(request.userId);
      if (orphacode === null) return { orphacode: null, estado: null };
      const imported = await deps.repository.statusOf(orphacode);
      const estado: OrphacodeStatus = imported ?? (deps.catalogue.hasCode(orphacode) ? 'active' : 'unknown');
      return { orphacode, estado };
    },
  );
}
