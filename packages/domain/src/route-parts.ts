import { z } from 'zod';

/** Small pieces many route schemas share (issue 17: the route schema is the contract). */

/** A record's id in a path: digits only, within the range JavaScript counts exactly. */
export const recordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** `/:id/` of a route. */
export const IdParams = z.object({ id: recordId });

/** An action's answer that only confirms it, in the caller's language (e.g. "Post deleted."). */
export const DetailSchema = z.object({ detail: z.string() });
export type Detail = z.output<typeof DetailSchema>;
