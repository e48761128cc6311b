import { z } from 'zod';
import { isCountryCode } from './countries';

/*
 * Shared request/answer building blocks of the route schemas (issue 17). Route files declare
 * `schema: { querystring: pageQuery({...}).extend({...}), response: { 200: pageOf(Item) } }`:
 * - `pageQuery` is THE paging query (limit/offset); each list keeps its own page size and
 *   maximum through the options, so answers stay as they were.
 * - `countryFilter` / `PlaceFilter` are THE place filters (country code of the catalogue, city).
 * - `pageOf(Item)` is the `{results, next}` answer of spec §7.
 * - `ApiErrorSchema` (errors.ts) describes every error answer, for the `4xx` entries.
 * The API plugin `apps/api/src/plugins/route-schemas.ts` sets the compilers; a route reads its typed
 * input through `app.withTypeProvider<ZodTypeProvider>()`. Member-only routes run `requireAuth`
 * as `preValidation` (not `preHandler`), so an anonymous call is still a 401 before its input is
 * judged, as it was when handlers parsed their input.
 */

/** A page of a list: `limit` items from `offset`. Numbers arrive as query text, hence `coerce`. */
export const pageQuery = (options: { defaultLimit: number; maxLimit: number; maxOffset?: number }) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(options.maxLimit).default(options.defaultLimit),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(options.maxOffset ?? 1_000_000)
      .default(0),
  });

/** The `{results, next}` answer of every paged list (spec §7); `next` is the next page's address. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ results: z.array(item), next: z.string().nullable() });

/** An optional country filter: a catalogue code in any case; empty means "all countries". */
export const countryFilter = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || isCountryCode(value), 'profile_edit.errors.country_invalid');

/** An optional place filter: a country of the catalogue and a free city name (empty: any). */
export const PlaceFilter = z.object({
  country: countryFilter,
  ciudad: z
    .string()
    .trim()
    .max(120, 'post.errors.too_long')
    .optional()
    .transform((value) => value || undefined),
});
