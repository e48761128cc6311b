import { symbolPhraseRoutes, type SymbolPhraseCreate } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

export const symbolPhraseKeys = { all: ['symbol-phrases'] as const };

export const fetchSymbolPhrases = () => apiCall(symbolPhraseRoutes.list);
export const addSymbolPhrase = (phrase: SymbolPhraseCreate) =>
  apiCall(symbolPhraseRoutes.add, { body: phrase });
export const removeSymbolPhrase = (id: number) => apiCall(symbolPhraseRoutes.remove, { params: { id } });
