import { queryOptions } from '@tanstack/react-query';
import type { WordCloud } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

export type { WordCloud };

/** Keyed by language: the server draws the cloud in the interface language. */
export const wordCloudQuery = (language: string) =>
  queryOptions({
    queryKey: ['word-cloud', language],
    queryFn: () => apiRequest<WordCloud>('/nube-palabras/'),
    staleTime: 60 * 1000,
  });
