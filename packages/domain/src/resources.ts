import { z } from 'zod';

/**
 * The resource directory (spec §3 "Association", "Project", "Centre"): the shapes the API answers
 * and the web lists show. `descripcion` is in the caller's language (English, then any, when the
 * entry has no text in it; empty when it has none).
 */
/** Where an entry is and what it says of itself and where to read more, in every list. */
export const directoryEntryPlaceShape = {
  pais: z.string(),
  ciudad: z.string(),
  descripcion: z.string(),
  enlace: z.string(),
};

/** What the entry is about (issue 35): the ORPHA codes of its diseases and its countries. */
const directoryEntryTopicsShape = {
  orphacodes: z.array(z.number()),
  paises: z.array(z.string()),
};

export const AssociationSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  ...directoryEntryPlaceShape,
  ...directoryEntryTopicsShape,
});
export type Association = z.output<typeof AssociationSchema>;
export const ResearchProjectSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  ...directoryEntryPlaceShape,
  ...directoryEntryTopicsShape,
  /** A clinical study (people take part in it), and whether and until when it recruits. */
  estudio_clinico: z.boolean(),
  recluta: z.boolean(),
  recluta_hasta: z.string().nullable(),
});
export type ResearchProject = z.output<typeof ResearchProjectSchema>;
export const ExpertCentreSchema = AssociationSchema;
export type ExpertCentre = Association;

/** The three lists, by the path segment of their API call and screen (spec §2, §7). */
export const RESOURCE_KINDS = ['asociaciones', 'proyectos', 'centros'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** Most entries one list answer holds; the directory is curated, so this is never reached in practice. */
export const RESOURCE_LIST_LIMIT = 500;
/** Longest `pais` or `ciudad` filter accepted. */
export const RESOURCE_FILTER_MAX_LENGTH = 100;
