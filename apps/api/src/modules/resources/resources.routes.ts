import type { FastifyInstance } from 'fastify';
import {
  RESOURCE_LIST_LIMIT,
  negotiateLanguage,
  resourceRoutes,
  type Language,
  type ResourceKind,
} from '@juntos/domain';
import type { LocalizedText } from '../../db/schema';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { DirectoryRow, ResourcesRepository } from './resources.repository';

type ResourceListFilters = Parameters<ResourcesRepository['list']>[1];

/** The text in the caller's language, else English, else any language the entry has. */
export function localized(text: LocalizedText, language: Language): string {
  return text[language] ?? text.en ?? Object.values(text).find(Boolean) ?? '';
}

/**
 * Spec §7 "Resources": the three directory lists with optional `pais`, `ciudad` and (issue 35)
 * `orphacode` filters, in place then name order. A filter that matches nothing (an unknown country, a city elsewhere)
 * answers an empty list.
 */
export function registerResourceRoutes(
  app: FastifyInstance,
  repository: ResourcesRepository,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };
  type ListRequest = { headers: { 'accept-language'?: string | undefined }; query: ResourceListFilters };
  /** A kind's rows with their common fields in the caller's language. */
  const entries = async (kind: ResourceKind, { headers, query }: ListRequest) => {
    const language = negotiateLanguage(headers['accept-language']);
    const rows = await repository.list(kind, query, RESOURCE_LIST_LIMIT);
    return rows.map((row) => ({ row, common: presentCommon(row, language) }));
  };
  // A research project has a `titulo`, associations and expert centres a `nombre`.
  const named = async (kind: 'asociaciones' | 'centros', request: ListRequest) =>
    (await entries(kind, request)).map(({ row, common }) => ({ id: row.id, nombre: row.name, ...common }));

  serve(resourceRoutes.asociaciones, member, async (request) => named('asociaciones', request));
  serve(resourceRoutes.proyectos, member, async (request) =>
    (await entries('proyectos', request)).map(({ row, common }) => ({
      id: row.id,
      titulo: row.name,
      ...common,
      estudio_clinico: row.estudioClinico,
      recluta: row.recluta,
      recluta_hasta: row.reclutaHasta,
    })),
  );
  serve(resourceRoutes.centros, member, async (request) => named('centros', request));
}

function presentCommon(row: DirectoryRow, language: Language) {
  return {
    pais: row.pais,
    ciudad: row.ciudad,
    descripcion: localized(row.descripcion, language),
    enlace: row.enlace,
    orphacodes: row.orphacodes,
    paises: row.paises,
  };
}
