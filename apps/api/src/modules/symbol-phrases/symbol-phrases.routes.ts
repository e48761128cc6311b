import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, SymbolPhraseCreateSchema, SymbolPhraseSchema } from '@juntos/domain';
import type { RequireAuth } from '../../plugins/authenticate';
import type { SymbolPhrasesService } from './symbol-phrases.service';

/** The member's own phrases of the symbol board (issue 21; not in the spec: docs/api.md). */
export function registerSymbolPhraseRoutes(
  app: FastifyInstance,
  service: SymbolPhrasesService,
  requireAuth: RequireAuth,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };
  const tags = ['symbol-board'];

  routes.get(
    '/api/symbol-phrases/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Your own phrases of the symbol board, in the order you added them',
        response: { 200: z.array(SymbolPhraseSchema) },
      },
    },
    async (request) => service.list(request.userId),
  );

  routes.post(
    '/api/symbol-phrases/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Add a phrase to your symbol board, with a pictogram of the board',
        body: SymbolPhraseCreateSchema,
        response: { 201: SymbolPhraseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.add(request.userId, request.body)),
  );

  routes.delete(
    '/api/symbol-phrases/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Remove one of your phrases',
        params: IdParams,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await service.remove(request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
