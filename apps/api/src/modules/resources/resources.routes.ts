import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
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
  const present = (kind: ResourceKind, row: DirectoryRow, language: Language) => ({
    id: row.id,
    [kind === 'proyectos' ? 'titulo' : 'nombre']: row.name,
    pais: row.pais,
    ciudad: row.ciudad,
    descripcion: localized(row.descripcion, language),
    enlace: row.enlace,
  });

  for (const kind of ['asociaciones', 'proyectos', 'centros'] as const)
    app.get(`/api/recursos/${kind}/`, { preHandler: requireAuth }, async (request) => {
      const query = ListQuery.parse(request.query);
      const language = negotiateLanguage(request.headers['accept-language']);
      const rows = await repository.list(kind, query, RESOURCE_LIST_LIMIT);
      return rows.map((row) => present(kind, row, language));
    });
}
