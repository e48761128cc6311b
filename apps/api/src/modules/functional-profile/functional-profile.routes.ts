import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_FUNCTIONAL_ESTADO,
  FUNCTIONAL_ESTADOS,
  FUNCTIONAL_PROFILE_CATALOGUE,
  CHARACTERISTIC_IDS,
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
function presentProfile(language: Language, answers: Map<string, string>) {
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
  app.get('/api/profile-tokenizado/', { preHandler: requireAuth }, async (request) =>
    presentProfile(requestLanguage(request.headers), await repository.answersOf(request.userId)),
  );

  app.put('/api/profile-tokenizado/', { preHandler: requireAuth }, async (request) => {
    const { caracteristicas } = SaveSchema.parse(request.body);
    await repository.saveAnswers(request.userId, caracteristicas);
    const language = requestLanguage(request.headers);
    return {
      detail: translate(language, 'functional_profile.saved'),
      ...presentProfile(language, await repository.answersOf(request.userId)),
    };
  });
}
