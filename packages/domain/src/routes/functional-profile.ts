import { z } from 'zod';
import { ApiErrorSchema } from '../errors';
import { CHARACTERISTIC_IDS, FUNCTIONAL_ESTADOS } from '../functional-profile';
import { FunctionalProfileSavedSchema, FunctionalProfileSchema } from '../member-data';
import { defineRoute } from './define-route';

/** Answers of the functional profile to save: each a characteristic of the catalogue and its state. */
export const FunctionalProfileSaveSchema = z.object({
  caracteristicas: z
    .array(
      z.object({
        id: z
          .string()
          .refine((id) => CHARACTERISTIC_IDS.has(id), 'functional_profile.unknown_characteristic'),
        estado: z.enum(FUNCTIONAL_ESTADOS, { error: 'functional_profile.invalid_estado' }),
      }),
    )
    .min(1, 'functional_profile.nothing_to_save')
    .max(CHARACTERISTIC_IDS.size, 'functional_profile.nothing_to_save'),
});

const tags = ['functional-profile'];

/**
 * The functional profile (spec §7 "Resources and functional profile"): each member's answers
 * are their own — both calls act on the signed-in member only, and no other route reads them.
 */
export const functionalProfileRoutes = {
  get: defineRoute({
    method: 'GET',
    supporterScope: 'profile',
    path: '/api/profile-tokenizado/',
    tags,
    summary: "The member's functional profile, in the caller's language",
    responses: { 200: FunctionalProfileSchema, 401: ApiErrorSchema },
  }),
  save: defineRoute({
    method: 'PUT',
    supporterScope: 'profile',
    path: '/api/profile-tokenizado/',
    tags,
    summary: 'Saves answers of the functional profile',
    body: FunctionalProfileSaveSchema,
    responses: { 200: FunctionalProfileSavedSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
  }),
};
