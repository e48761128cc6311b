/**
 * The resource directory (spec §3 "Association", "Project", "Centre"): the shapes the API answers
 * and the web lists show. `descripcion` is in the caller's language (English, then any, when the
 * entry has no text in it; empty when it has none).
 */
export type Association = {
  id: number;
  nombre: string;
  pais: string;
  ciudad: string;
  descripcion: string;
  enlace: string;
};
export type ResearchProject = {
  id: number;
  titulo: string;
  pais: string;
  ciudad: string;
  descripcion: string;
  enlace: string;
};
export type ExpertCentre = Association;

/** The three lists, by the path segment of their API call and screen (spec §2, §7). */
export const RESOURCE_KINDS = ['asociaciones', 'proyectos', 'centros'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** Most entries one list answer holds; the directory is curated, so this is never reached in practice. */
export const RESOURCE_LIST_LIMIT = 500;
/** Longest `pais` or `ciudad` filter accepted. */
export const RESOURCE_FILTER_MAX_LENGTH = 100;
