import type { SymbolPhrase, SymbolPhraseCreate } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

export const symbolPhraseKeys = { all: ['symbol-phrases'] as const };

export const fetchSymbolPhrases = () => apiRequest<SymbolPhrase[]>('/symbol-phrases/');
export const addSymbolPhrase = (phrase: SymbolPhraseCreate) =>
  apiRequest<SymbolPhrase>('/symbol-phrases/', { method: 'POST', body: JSON.stringify(phrase) });
export const removeSymbolPhrase = (id: number) =>
  apiRequest<null>(`/symbol-phrases/${id}/`, { method: 'DELETE' });
