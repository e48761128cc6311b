import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_FUNCTIONAL_ESTADO,
  FUNCTIONAL_PROFILE_CATALOGUE,
  functionalProfileRoutes as routes,
  type FunctionalEstado,
  type Language,
} from '@juntos/domain';
import { requestLanguage, translate, translateNamespace } from '../../i18n/messages';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { FunctionalProfileRepository } from './functional-profile.repository';

const NAMESPACE = 'perfil_funcional';

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
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };
  serve(routes.get, member, async (request) =>
    presentProfile(requestLanguage(request.headers), await repository.answersOf(request.userId)),
  );

  serve(routes.save, member, async (request) => {
    const { caracteristicas } = request.body;
    await repository.saveAnswers(request.userId, caracteristicas);
    const language = requestLanguage(request.headers);
    return {
      detail: translate(language, 'functional_profile.saved'),
      ...presentProfile(language, await repository.answersOf(request.userId)),
    };
  });
}
