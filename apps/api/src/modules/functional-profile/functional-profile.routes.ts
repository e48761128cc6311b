import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  FunctionalProfileSavedSchema,
  FunctionalProfileSchema,
  DEFAULT_FUNCTIONAL_ESTADO,
  FUNCTIONAL_ESTADOS,
  FUNCTIONAL_PROFILE_CATALOGUE,
  CHARACTERISTIC_IDS,
  type FunctionalEstado,
  type Language,
} from '@juntos/domain';
import { requestLanguage, translate, translateNamespace } from '../../i18n/messages';
import type { RequireAuth } from '../../plugins/authenticate';
import type { FunctionalProfileRepository } from './functional-profile.repository';

const NAMESPACE = 'perfil_funcional';

const SaveSchema = z.object({
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

/** The catalogue in the caller's language with the member's answers (unanswered: no help). */
function presentProfile(language: Language, answers: ReadonlyMap<string, FunctionalEstado>) {
  const text = (key: string) => translateNamespace(language, NAMESPACE, key);
  return {
    perfiles: FUNCTIONAL_PROFILE_CATALOGUE.map((perfil) => ({
      id: perfil.id,
      nombre: text(`perfiles.${perfil.id}`),
      ambitos: perfil.ambitos.map((ambito) => ({
        id: ambito.id,
        nombre: text(`ambitos.${ambito.id}`),
        caracteristicas: ambito.caracteristicas.map((caracteristica) => ({
          id: caracteristica.id,
          descripcion: text(`caracteristicas.${caracteristica.id}`),
          estado: answers.get(caracteristica.id) ?? DEFAULT_FUNCTIONAL_ESTADO,
        })),
      })),
    })),
  };
}

/**
 * The functional profile (spec §7 "Resources and functional profile"): each member's answers
 * are their own — both calls act on the signed-in member only, and no other route reads them.
 */
export function registerFunctionalProfileRoutes(
  app: FastifyInstance,
  repository: FunctionalProfileRepository,
  requireAuth: RequireAuth,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };
  typed.get(
    '/api/profile-tokenizado/',
    {
      ...member,
      schema: {
        tags: ['functional-profile'],
        summary: "The member's functional profile, in the caller's language",
        response: { 200: FunctionalProfileSchema, 401: ApiErrorSchema },
      },
    },
    async (request) =>
      presentProfile(requestLanguage(request.headers), await repository.answersOf(request.userId)),
  );

  typed.put(
    '/api/profile-tokenizado/',
    {
      ...member,
      schema: {
        tags: ['functional-profile'],
        summary: 'Saves answers of the functional profile',
        body: SaveSchema,
        response: { 200: FunctionalProfileSavedSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const { caracteristicas } = request.body;
      await repository.saveAnswers(request.userId, caracteristicas);
      const language = requestLanguage(request.headers);
      return {
        detail: translate(language, 'functional_profile.saved'),
        ...presentProfile(language, await repository.answersOf(request.userId)),
      };
    },
  );
}
