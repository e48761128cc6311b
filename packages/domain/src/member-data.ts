import { z } from 'zod';
import { FUNCTIONAL_ESTADOS } from './functional-profile';
import { ORPHACODE_STATUSES } from './profile';

/** Answers of the member's own data routes (issue 17): the web reads its types from these. */

/** GET /api/nube-palabras/: the word cloud of declared diseases in the caller's language. */
export const WordCloudSchema = z.object({
  /** The PNG with a cache-busting timestamp, or null while no disease has 3 members. */
  image_url: z.string().nullable(),
  /** The words the picture shows, most declared first: its text alternative. */
  words: z.array(z.object({ text: z.string(), members: z.number() })),
  generated_at: z.string(),
});
export type WordCloud = z.output<typeof WordCloudSchema>;

/** The functional profile (spec §7): the catalogue in the caller's language with the answers. */
export const FunctionalCharacteristicSchema = z.object({
  id: z.string(),
  descripcion: z.string(),
  estado: z.enum(FUNCTIONAL_ESTADOS),
});
export const FunctionalAmbitoSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  caracteristicas: z.array(FunctionalCharacteristicSchema),
});
export const FunctionalPerfilSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  ambitos: z.array(FunctionalAmbitoSchema),
});
export const FunctionalProfileSchema = z.object({ perfiles: z.array(FunctionalPerfilSchema) });
export const FunctionalProfileSavedSchema = FunctionalProfileSchema.extend({ detail: z.string() });
export type FunctionalCharacteristic = z.output<typeof FunctionalCharacteristicSchema>;
export type FunctionalAmbito = z.output<typeof FunctionalAmbitoSchema>;
export type FunctionalPerfil = z.output<typeof FunctionalPerfilSchema>;
export type FunctionalProfile = z.output<typeof FunctionalProfileSchema>;

/** GET /api/recursos/orphacode_estado/: the status of the member's own ORPHA code. */
export const OrphacodeStatusAnswerSchema = z.union([
  z.object({ orphacode: z.null(), estado: z.null() }),
  z.object({ orphacode: z.number(), estado: z.enum(ORPHACODE_STATUSES) }),
]);
export type OrphacodeStatusAnswer = z.output<typeof OrphacodeStatusAnswerSchema>;

/** The member's copy of their data (GDPR Art. 20), as the status routes answer it. */
export const DataExportSchema = z.object({
  id: z.number(),
  status: z.enum(['preparing', 'ready', 'failed']),
  size_bytes: z.number().nullable(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string(),
  /** The archive's address once it is ready. */
  download: z.string().nullable(),
});
export type DataExport = z.output<typeof DataExportSchema>;
/** GET /api/mis-datos/exportacion/: the latest copy, or none yet. */
export const LatestExportAnswerSchema = z.object({ export: DataExportSchema.nullable() });
export type LatestExportAnswer = z.output<typeof LatestExportAnswerSchema>;
/** POST /api/mis-datos/exportacion/: the copy being prepared. */
export const RequestedExportAnswerSchema = z.object({ export: DataExportSchema });
export type RequestedExportAnswer = z.output<typeof RequestedExportAnswerSchema>;
