import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  COUNTRY_CITIES,
  FUNCTIONAL_FIELDS,
  FUNCTIONAL_FIELD_VALUES,
  isCountryCode,
  type FunctionalField,
} from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import { readForm } from '../../lib/multipart-form';
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
const place = {
  country: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isCountryCode(value), 'profile_edit.errors.country_invalid'),
  ciudad: optionalText(120),
};
const paging = {
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
};
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

const MemberIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The own profile (spec §7 "Profile") and another member's profile as the viewer may see it. */
export function registerProfileRoutes(
  app: FastifyInstance,
  service: ProfileService,
  requireAuth: RequireAuth,
  describeAccount: (userId: number) => Promise<Record<string, unknown>>,
) {
  /** The signed-in account (what login answers as `user`) with its profile. */
  app.get('/api/me', { preHandler: requireAuth }, async (request) => ({
    ...(await describeAccount(request.userId)),
    profile: await service.ownProfile(request.userId),
  }));

  app.get('/api/profile/', { preHandler: requireAuth }, async (request) =>
    service.ownProfile(request.userId),
  );

  app.put('/api/profile/', { preHandler: requireAuth }, async (request) => {
    const form = await readForm(request, 'photo');
    const profile = await service.saveProfile(request.userId, form);
    return { ...profile, detail: translate(requestLanguage(request.headers), 'profile.saved') };
  });

  app.post('/api/profile/intro-seen/', { preHandler: requireAuth }, async (request, reply) => {
    await service.markIntroSeen(request.userId);
    return reply.status(204).send();
  });

  app.get('/api/buscar/perfil/', { preHandler: requireAuth }, async (request) => {
    const query = ProfileSearchQuery.parse(request.query);
    const { limit, offset, ...filters } = query;
    const { results, more } = await service.search(request.userId, filters, limit, offset);
    return {
      results,
      next: nextPageUrl('/api/buscar/perfil/', { ...filters, limit, offset: offset + limit }, more),
    };
  });

  /** By disease: `anywhere` tells "nobody declared it" apart from "nobody in this place" (spec §2). */
  app.get('/api/buscar/enfermedad/', { preHandler: requireAuth }, async (request) => {
    const { limit, offset, ...filters } = DiseaseSearchQuery.parse(request.query);
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
  });

  app.get('/api/buscar/perfil/:id/', { preHandler: requireAuth }, async (request) => {
    const { id } = MemberIdParams.parse(request.params);
    return service.profileForViewer(request.userId, id);
  });
}
