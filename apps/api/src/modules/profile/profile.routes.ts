import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  COUNTRY_CITIES,
  IdParams,
  MemberProfileSchema,
  OwnProfileSchema,
  PlaceFilter,
  SavedProfileSchema,
  createProfileSchema,
  pageOf,
  pageQuery,
  MeSchema,
  FUNCTIONAL_FIELDS,
  FUNCTIONAL_FIELD_VALUES,
  isCountryCode,
  todayIso,
  type FunctionalField,
} from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import { readForm, uploadForm } from '../../lib/multipart-form';
import { nextPageUrl } from '../../lib/paging';
import type { RequireAuth } from '../../plugins/authenticate';
import type { ProfileService } from './profile.service';

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

const ProfileSearchQuery = z
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
const DiseaseSearchQuery = z
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
const profileForm = uploadForm(
  createProfileSchema({ registrationType: 'adulto', today: todayIso() }).in.extend({
    remove_photo: z
      .enum(['true', 'false'])
      .optional()
      .describe('`true` removes the photo (without a new one)'),
  }),
  'photo',
  { fileDescription: 'A profile photo (JPEG, PNG, WebP or GIF; re-encoded by the server)' },
);

const tags = ['profile'];
const signedIn = { 401: ApiErrorSchema };

/** The own profile (spec §7 "Profile") and another member's profile as the viewer may see it. */
export function registerProfileRoutes(
  app: FastifyInstance,
  service: ProfileService,
  requireAuth: RequireAuth,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };

  /** The signed-in account (what login answers as `user`) with its profile. */
  typed.get(
    '/api/me',
    {
      ...member,
      schema: {
        tags,
        summary: 'The signed-in account with its profile',
        response: { 200: MeSchema, ...signedIn },
      },
    },
    async (request) => service.me(request.userId),
  );

  typed.get(
    '/api/profile/',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's own profile",
        response: { 200: OwnProfileSchema, ...signedIn },
      },
    },
    async (request) => service.ownProfile(request.userId),
  );

  typed.put(
    '/api/profile/',
    {
      ...member,
      ...profileForm,
      schema: {
        tags,
        summary: 'Saves the own profile (a form with an optional photo)',
        response: { 200: SavedProfileSchema, 400: ApiErrorSchema, 413: ApiErrorSchema, ...signedIn },
      },
    },
    async (request) => {
      const form = await readForm(request);
      const profile = await service.saveProfile(request.userId, form);
      return { ...profile, detail: translate(requestLanguage(request.headers), 'profile.saved') };
    },
  );

  typed.post(
    '/api/profile/intro-seen/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Remembers that the member has seen the profile introduction',
        response: { 204: z.void().describe('Remembered'), ...signedIn },
      },
    },
    async (request, reply) => {
      await service.markIntroSeen(request.userId);
      return reply.status(204).send();
    },
  );

  typed.get(
    '/api/buscar/perfil/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Member search by place, community, age and functional answers',
        querystring: ProfileSearchQuery,
        response: { 200: pageOf(MemberProfileSchema), 400: ApiErrorSchema, ...signedIn },
      },
    },
    async (request) => {
      const { limit, offset, ...filters } = request.query;
      const { results, more } = await service.search(request.userId, filters, limit, offset);
      return {
        results,
        next: nextPageUrl('/api/buscar/perfil/', { ...filters, limit, offset: offset + limit }, more),
      };
    },
  );

  /** By disease: `anywhere` tells "nobody declared it" apart from "nobody in this place" (spec §2). */
  typed.get(
    '/api/buscar/enfermedad/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Members who declared a disease, optionally in a place',
        querystring: DiseaseSearchQuery,
        response: {
          200: pageOf(MemberProfileSchema).extend({ anywhere: z.boolean() }),
          400: ApiErrorSchema,
          ...signedIn,
        },
      },
    },
    async (request) => {
      const { limit, offset, ...filters } = request.query;
      const { results, more } = await service.search(request.userId, filters, limit, offset);
      const located = filters.country !== undefined || filters.ciudad !== undefined;
      const anywhere =
        results.length > 0 || !located
          ? results.length > 0
          : (await service.search(request.userId, { orphacode: filters.orphacode }, 1, 0)).results.length > 0;
      return {
        results,
        next: nextPageUrl('/api/buscar/enfermedad/', { ...filters, limit, offset: offset + limit }, more),
        anywhere,
      };
    },
  );

  typed.get(
    '/api/buscar/perfil/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: "Another member's profile as the viewer may see it",
        params: IdParams,
        response: { 200: MemberProfileSchema, 404: ApiErrorSchema, ...signedIn },
      },
    },
    async (request) => service.profileForViewer(request.userId, request.params.id),
  );
}
