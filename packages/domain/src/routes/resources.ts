import { z } from 'zod';
import { ApiErrorSchema } from '../errors';
import { OrphacodeStatusAnswerSchema, WordCloudSchema } from '../member-data';
import {
  AssociationSchema,
  ExpertCentreSchema,
  RESOURCE_FILTER_MAX_LENGTH,
  ResearchProjectSchema,
} from '../resources';
import { defineRoute } from './define-route';

const filter = z
  .string()
  .trim()
  .max(RESOURCE_FILTER_MAX_LENGTH, 'resources.errors.filter_too_long')
  .optional()
  .transform((value) => value || undefined);
/** The optional place filters of a directory list. */
const ResourceListQuery = z.object({
  pais: filter.transform((value) => value?.toLowerCase()),
  ciudad: filter,
  /** Entries about one disease (issue 35): its ORPHA code, with or without "ORPHA:". */
  orphacode: z
    .string()
    .trim()
    .max(RESOURCE_FILTER_MAX_LENGTH, 'resources.errors.filter_too_long')
    .optional()
    .transform((value) => (value ? value.replace(/^ORPHA:/i, '') : undefined))
    .refine((value) => value === undefined || /^\d{1,7}$/.test(value), 'resources.errors.orphacode')
    .transform((value) => (value === undefined ? undefined : Number(value))),
});

const signedIn = { 400: ApiErrorSchema, 401: ApiErrorSchema };

/**
 * Spec §7 "Resources": the three directory lists with optional `pais` and `ciudad` filters, in
 * place then name order; the status of the member's own disease code; the word cloud of declared
 * diseases; and the disease lists the editor and the disease search suggest from ("Static").
 */
export const resourceRoutes = {
  asociaciones: defineRoute({
    method: 'GET',
    supporterScope: 'any',
    path: '/api/recursos/asociaciones/',
    tags: ['resources'],
    summary: 'The asociaciones of the resource directory, optionally filtered by place and disease',
    query: ResourceListQuery,
    responses: { 200: z.array(AssociationSchema), ...signedIn },
  }),
  proyectos: defineRoute({
    method: 'GET',
    supporterScope: 'any',
    path: '/api/recursos/proyectos/',
    tags: ['resources'],
    summary: 'The proyectos of the resource directory, optionally filtered by place and disease',
    query: ResourceListQuery,
    responses: { 200: z.array(ResearchProjectSchema), ...signedIn },
  }),
  centros: defineRoute({
    method: 'GET',
    supporterScope: 'any',
    path: '/api/recursos/centros/',
    tags: ['resources'],
    summary: 'The centros of the resource directory, optionally filtered by place and disease',
    query: ResourceListQuery,
    responses: { 200: z.array(ExpertCentreSchema), ...signedIn },
  }),
  orphacodeStatus: defineRoute({
    method: 'GET',
    supporterScope: 'any',
    path: '/api/recursos/orphacode_estado/',
    tags: ['diseases'],
    summary: "The status of the member's own ORPHA code",
    responses: { 200: OrphacodeStatusAnswerSchema, 401: ApiErrorSchema },
  }),
  /** The stored list file as is: ORPHA code → disease name. */
  diseaseList: defineRoute({
    method: 'GET',
    path: '/enfermedades/:file',
    tags: ['diseases'],
    summary: 'The disease list of a language (enfermedades_<language>.json)',
    // Any text: a file name that is not a list is a 404, as for any missing file.
    params: z.object({ file: z.string() }),
    responses: { 200: z.record(z.string(), z.string()), 404: ApiErrorSchema },
  }),
  wordCloud: defineRoute({
    method: 'GET',
    supporterScope: 'any',
    path: '/api/nube-palabras/',
    tags: ['resources'],
    summary: "The word cloud of declared diseases, in the caller's language",
    responses: { 200: WordCloudSchema, 401: ApiErrorSchema },
  }),
};
