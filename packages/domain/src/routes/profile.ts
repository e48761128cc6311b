import { z } from 'zod';
import { COUNTRY_CITIES, isCountryCode } from '../countries';
import { ApiErrorSchema } from '../errors';
import { PlaceFilter, pageOf, pageQuery } from '../paging';
import {
  FUNCTIONAL_FIELDS,
  FUNCTIONAL_FIELD_VALUES,
  MeSchema,
  MemberProfileSchema,
  OwnProfileSchema,
  SavedProfileSchema,
  createProfileSchema,
  todayIso,
  type FunctionalField,
} from '../profile';
import { IdParams } from '../route-parts';
import { defineRoute } from './define-route';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'post.errors.too_long')
    .optional()
    .transform((value) => value || undefined);
const age = z.coerce
  .number()
  .int()
  .min(0, 'search_profile.errors.age')
  .max(120, 'search_profile.errors.age')
  .optional();
const place = PlaceFilter.shape;
const paging = pageQuery({ defaultLimit: 20, maxLimit: 50, maxOffset: 100_000 }).shape;
const functionalFilter = (field: FunctionalField) =>
  z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine(
      (value) => value === undefined || (FUNCTIONAL_FIELD_VALUES[field] as readonly string[]).includes(value),
      'profile_edit.errors.invalid_choice',
    );
const functionalFilters = Object.fromEntries(
  FUNCTIONAL_FIELDS.map((field) => [field, functionalFilter(field)]),
) as unknown as Record<FunctionalField, ReturnType<typeof functionalFilter>>;
const cityOfCountry = (query: { country?: string | undefined; ciudad?: string | undefined }) =>
  !query.ciudad ||
  (!!query.country && isCountryCode(query.country) && COUNTRY_CITIES[query.country].includes(query.ciudad));

/** The member search by place, community, age and functional answers. */
export const ProfileSearchQuery = z
  .object({
    ...functionalFilters,
    ...place,
    comunidad: optionalText(120),
    edad_min: age,
    edad_max: age,
    ...paging,
  })
  .refine((query) => cityOfCountry(query), { path: ['ciudad'], message: 'profile_edit.errors.city_invalid' })
  .refine(
    (query) =>
      query.edad_min === undefined || query.edad_max === undefined || query.edad_max >= query.edad_min,
    {
      path: ['edad_max'],
      message: 'search_profile.errors.age_range',
    },
  );

/** The member search by a declared disease, optionally in a place. */
export const DiseaseSearchQuery = z
  .object({
    orphacode: z.coerce
      .number({ error: 'search_disease.errors.select' })
      .int('search_disease.errors.select')
      .positive('search_disease.errors.select')
      // Orphacodes have at most 7 digits (as the profile form says); a larger number would only
      // overflow the integer column (a 500 found by the route fuzz test).
      .max(9_999_999, 'search_disease.errors.select'),
    ...place,
    ...paging,
  })
  .refine((query) => cityOfCountry(query), { path: ['ciudad'], message: 'profile_edit.errors.city_invalid' });

/**
 * The profile form as the API reference shows it: its fields are the same for both registration
 * types (only the allowed birth dates differ, checked per account when it is saved).
 */
const ProfileFormFields = createProfileSchema({ registrationType: 'adulto', today: todayIso() }).in.extend({
  remove_photo: z.enum(['true', 'false']).optional().describe('`true` removes the photo (without a new one)'),
});

const tags = ['profile'];
const signedIn = { 401: ApiErrorSchema };

/** The own profile (spec §7 "Profile"), the member search and another member's profile. */
export const profileRoutes = {
  me: defineRoute({
    method: 'GET',
    supporterScope: 'any',
    path: '/api/me',
    tags,
    summary: 'The signed-in account with its profile',
    responses: { 200: MeSchema, ...signedIn },
  }),
  own: defineRoute({
    method: 'GET',
    supporterScope: 'profile',
    path: '/api/profile/',
    tags,
    summary: "The member's own profile",
    responses: { 200: OwnProfileSchema, ...signedIn },
  }),
  save: defineRoute({
    method: 'PUT',
    supporterScope: 'profile',
    path: '/api/profile/',
    tags,
    summary: 'Saves the own profile (a form with an optional photo)',
    form: {
      fields: ProfileFormFields,
      file: 'photo',
      fileDescription: 'A profile photo (JPEG, PNG, WebP or GIF; re-encoded by the server)',
    },
    responses: { 200: SavedProfileSchema, 400: ApiErrorSchema, 413: ApiErrorSchema, ...signedIn },
  }),
  introSeen: defineRoute({
    method: 'POST',
    supporterScope: 'profile',
    path: '/api/profile/intro-seen/',
    tags,
    summary: 'Remembers that the member has seen the profile introduction',
    responses: { 204: z.void().describe('Remembered'), ...signedIn },
  }),
  searchByProfile: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/buscar/perfil/',
    tags,
    summary: 'Member search by place, community, age and functional answers',
    query: ProfileSearchQuery,
    responses: { 200: pageOf(MemberProfileSchema), 400: ApiErrorSchema, ...signedIn },
  }),
  /** By disease: `anywhere` tells "nobody declared it" apart from "nobody in this place" (spec §2). */
  searchByDisease: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/buscar/enfermedad/',
    tags,
    summary: 'Members who declared a disease, optionally in a place',
    query: DiseaseSearchQuery,
    responses: {
      200: pageOf(MemberProfileSchema).extend({ anywhere: z.boolean() }),
      400: ApiErrorSchema,
      ...signedIn,
    },
  }),
  member: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/buscar/perfil/:id/',
    tags,
    summary: "Another member's profile as the viewer may see it",
    params: IdParams,
    query: z.object({
      t: z
        .string()
        .optional()
        .describe('Ignored: the web adds the time so that no cached copy answers (spec §7)'),
    }),
    responses: { 200: MemberProfileSchema, 404: ApiErrorSchema, ...signedIn },
  }),
};
