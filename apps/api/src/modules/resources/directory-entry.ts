import { z } from 'zod';
import { SUPPORTED_LANGUAGES, isCityOf, isCountryCode } from '@juntos/domain';

const required = (key: string) =>
  z.string({ error: key }).trim().min(1, key).max(400, 'resources.errors.too_long');

/**
 * An entry as the directory editor sends it: the same rules as the shipped files (a catalogue
 * country, a city of that country, an https address), with the spec's field names and messages
 * in the caller's language. One name field serves all lists (`titulo` for projects).
 */
export const DirectoryEntryInput = z
  .object({
    name: required('resources.errors.name_required'),
    pais: z
      .string({ error: 'resources.errors.country' })
      .trim()
      .toLowerCase()
      .refine(isCountryCode, 'resources.errors.country'),
    ciudad: z.string({ error: 'resources.errors.city' }).trim(),
    enlace: z
      .string({ error: 'resources.errors.https' })
      .trim()
      .pipe(
        z
          .url({ protocol: /^https$/, message: 'resources.errors.https' })
          .max(500, 'resources.errors.too_long'),
      ),
    descripcion: z
      .partialRecord(z.enum(SUPPORTED_LANGUAGES), z.string().trim().max(400, 'resources.errors.too_long'))
      .default({})
      .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, text]) => text))),
  })
  .refine((entry) => isCityOf(entry.pais, entry.ciudad), {
    path: ['ciudad'],
    message: 'resources.errors.city',
  });

export type DirectoryEntryValues = z.output<typeof DirectoryEntryInput>;
