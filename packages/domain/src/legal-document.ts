import { z } from 'zod';

/** A localised legal document (spec §2 /politica/*): title, last_update and sections. */
export const LegalDocumentSchema = z.object({
  title: z.string().min(1),
  last_update: z.string().min(1),
  sections: z
    .array(
      z.object({
        /** A stable anchor (`/politica/privacy#deletion`) that other pages link to, the same in every language. */
        id: z
          .string()
          .regex(/^[a-z][a-z0-9-]*$/)
          .optional(),
        title: z.string().min(1),
        body: z.string(),
        list: z.array(z.string()).optional(),
      }),
    )
    .min(1),
});

export type LegalDocument = z.infer<typeof LegalDocumentSchema>;
