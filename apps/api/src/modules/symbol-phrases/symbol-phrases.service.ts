import { SYMBOL_LIMITS, type SymbolPhrase, type SymbolPhraseCreate } from '@juntos/domain';
import { AppError, notFound } from '../../lib/app-error';
import type { SymbolPhrasesRepository } from './symbol-phrases.repository';

const present = (row: { id: number; text: string; symbol: string; createdAt: Date }): SymbolPhrase => ({
  id: row.id,
  text: row.text,
  symbol: row.symbol,
  created_at: row.createdAt.toISOString(),
});

/**
 * The member's own phrases of the symbol board (issue 21): each only its owner's, at most
 * SYMBOL_LIMITS.phrasesPerMember of them (the text's length and the pictogram are checked by the
 * route's schema, shared with the web form).
 */
export function createSymbolPhrasesService(repository: SymbolPhrasesRepository) {
  return {
    list: async (userId: number) => (await repository.list(userId)).map(present),

    async add(userId: number, input: SymbolPhraseCreate) {
      const max = SYMBOL_LIMITS.phrasesPerMember;
      const row = await repository.add(userId, input, max);
      if (!row)
        throw new AppError(400, 'too_many_phrases', 'symbols.errors.too_many_phrases', {
          values: { max },
          fields: { text: 'symbols.errors.too_many_phrases' },
        });
      return present(row);
    },

    /** Another member's phrase is the same 404 as one that does not exist: ids reveal nothing. */
    async remove(userId: number, phraseId: number) {
      if (!(await repository.remove(userId, phraseId))) throw notFound('symbols.errors.phrase_not_found');
    },
  };
}

export type SymbolPhrasesService = ReturnType<typeof createSymbolPhrasesService>;
