import { z } from 'zod';

/** Every error response of the API has this shape (DESIGN.md "Errors"). */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** Login failures repeat the message here: the spec's client shows `detail`. */
  detail: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
