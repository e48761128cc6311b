import { queryOptions } from '@tanstack/react-query';
import { resourceRoutes, type WordCloud } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

export type { WordCloud };

/** Keyed by language: the server draws the cloud in the interface language. */
export const wordCloudQuery = (language: string) =>
  queryOptions({
    queryKey: ['word-cloud', language],
    queryFn: () => apiCall(resourceRoutes.wordCloud),
    staleTime: 60 * 1000,
  });
