import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  AssociationSchema,
  ExpertCentreSchema,
  ResearchProjectSchema,
  RESOURCE_FILTER_MAX_LENGTH,
  RESOURCE_LIST_LIMIT,
  negotiateLanguage,
  type Language,
  type ResourceKind,
} from '@juntos/domain';
import type { LocalizedText } from '../../db/schema';
import type { RequireAuth } from '../../plugins/authenticate';
import type { DirectoryRow, ResourcesRepository } from './resources.repository';

const filter = z
  .string()
  .trim()
  .max(RESOURCE_FILTER_MAX_LENGTH, 'resources.errors.filter_too_long')
  .optional()
  .transform((value) => value || undefined);
const ListQuery = z.object({ pais: filter.transform((value) => value?.toLowerCase()), ciudad: filter });

/** The text in the caller's language, else English, else any language the entry has. */
export function localized(text: LocalizedText, language: Language): string {
  return text[language] ?? text.en ?? Object.values(text).find(Boolean) ?? '';
}

/**
 * Spec §7 "Resources": the three directory lists with optional `pais` and `ciudad` filters, in
 * place then name order. A filter that matches nothing (an unknown country, a city elsewhere)
 * answers an empty list.
 */
export function registerResourceRoutes(
  app: FastifyInstance,
  repository: ResourcesRepository,
  requireAuth: RequireAuth,
) {
  const present = (kind: ResourceKind, row: DirectoryRow, language: Language) => {
    const rest = {
      pais: row.pais,
      ciudad: row.ciudad,
      descripcion: localized(row.descripcion, language),
      enlace: row.enlace,
    };
    return kind === 'proyectos'
      ? { id: row.id, titulo: row.name, ...rest }
      : { id: row.id, nombre: row.name, ...rest };
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const answers = {
    asociaciones: AssociationSchema,
    proyectos: ResearchProjectSchema,
    centros: ExpertCentreSchema,
  } satisfies Record<ResourceKind, z.ZodType>;
  for (const kind of ['asociaciones', 'proyectos', 'centros'] as const)
    typed.get(
      `/api/recursos/${kind}/`,
      {
        preValidation: requireAuth,
        schema: {
          tags: ['resources'],
          summary: `The ${kind} of the resource directory, optionally filtered by place`,
          security: [{ bearer: [] }],
          querystring: ListQuery,
          response: { 200: z.array(answers[kind]), 400: ApiErrorSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => {
        const language = negotiateLanguage(request.headers['accept-language']);
        const rows = await repository.list(kind, request.query, RESOURCE_LIST_LIMIT);
        return rows.map((row) => present(kind, row, language));
      },
    );
}
