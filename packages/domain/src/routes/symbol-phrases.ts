import { z } from 'zod';
import { IdParams } from '../route-parts';
import { SymbolPhraseCreateSchema, SymbolPhraseSchema } from '../symbols';
import { defineRoute } from './define-route';

const tags = ['symbol-board'];

/** The member's own phrases of the symbol board (issue 21). */
export const symbolPhraseRoutes = {
  list: defineRoute({
    method: 'GET',
    supporterScope: 'profile',
    path: '/api/symbol-phrases/',
    tags,
    summary: 'Your own phrases of the symbol board, in the order you added them',
    responses: { 200: z.array(SymbolPhraseSchema) },
  }),
  add: defineRoute({
    method: 'POST',
    supporterScope: 'profile',
    path: '/api/symbol-phrases/',
    tags,
    summary: 'Add a phrase to your symbol board, with a pictogram of the board',
    body: SymbolPhraseCreateSchema,
    responses: { 201: SymbolPhraseSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    supporterScope: 'profile',
    path: '/api/symbol-phrases/:id/',
    tags,
    summary: 'Remove one of your phrases',
    params: IdParams,
    responses: { 204: z.null().describe('Removed') },
  }),
};
